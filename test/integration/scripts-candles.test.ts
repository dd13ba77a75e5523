import { beforeAll, describe, expect, it } from 'vitest';
import { sessionOn } from '../../functions/broker-adapters/paper/market-hours';
import { createPriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { findScript, previousCloseInstant } from '../../functions/market/ltp';
import { scriptCandles } from '../../functions/market/script-candles';
import { now, nowMs } from '../../functions/platform/clock';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { priceCandlesSchema, type PriceCandle, type PriceCandles } from '../../shared/contracts/price-candles';
import { formatDay, marketDayOf } from '../../shared/domain/market-clock';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();
const candlesEnvelope = successEnvelope(priceCandlesSchema.strict());
const paperFeed = createPriceFeed();
const MINUTE_MS = 60_000;

let caller: TestUser;
beforeAll(async () => {
  caller = await createTestUser();
});

const getCandles = (body: unknown) => api.call('POST', '/scripts/getcandles', { token: caller.token, body });

async function candlesOf(body: unknown): Promise<PriceCandles> {
  const answer = await getCandles(body);
  expect(answer.status, answer.text).toBe(200);
  return candlesEnvelope.parse(answer.body).data;
}

/** The last market day before the clock's that traded (the paper market's own calendar), as a day number. */
async function lastTradedDay(): Promise<number> {
  const closed = previousCloseInstant(await findScript('NSE:SBIN'), now());
  if (!closed) throw new Error('a trading day lies within the last ten days');
  return marketDayOf(closed);
}

/** Candles in order, each on its bucket's boundary from the open, each with low ≤ open, close ≤ high. */
function expectWellFormed(day: PriceCandles, minutes: number): void {
  const opensAt = Date.parse(day.opens_at) / 1000;
  let previous = -Infinity;
  for (const candle of day.candles) {
    expect((candle.time - opensAt) % (minutes * 60)).toBe(0);
    expect(candle.time).toBeGreaterThan(previous);
    previous = candle.time;
    expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
    expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
  }
}

/** The candles of a longer timeframe folded from shorter ones: the same buckets give the same figures. */
function folded(shorter: readonly PriceCandle[], opensAt: number, minutes: number): PriceCandle[] {
  const buckets = new Map<number, PriceCandle>();
  for (const candle of shorter) {
    const time = opensAt + Math.floor((candle.time - opensAt) / (minutes * 60)) * minutes * 60;
    const known = buckets.get(time);
    buckets.set(time, known ? { ...known, high: Math.max(known.high, candle.high), low: Math.min(known.low, candle.low), close: candle.close } : { ...candle, time });
  }
  return [...buckets.values()];
}

describe('POST /scripts/getcandles', () => {
  it("answers today's candles (or the last day that traded) aligned to the open, the last one closing at the script's LTP", async () => {
    // Prepare
    const sbin = await findScript('NSE:SBIN');
    const asked = nowMs();
    // Act
    const day = await candlesOf({ script_id: 'nse:sbin', timeframe: 5 });
    // Assess
    expect([formatDay(marketDayOf(new Date(asked))), formatDay(await lastTradedDay())]).toContain(day.date);
    expect(day).toMatchObject({ script_id: 'NSE:SBIN', timeframe: 5, is_trading_day: true });
    expect(day.opens_at).toBe(sessionOn(sbin, marketDayOf(new Date(day.opens_at))).opensAt.toISOString());
    expect(day.candles.length).toBeGreaterThan(0);
    expectWellFormed(day, 5);
    expect(day.candles[0]?.time).toBe(Date.parse(day.opens_at) / 1000);
    expect(day.candles[0]?.open).toBe(paperFeed.ltp(sbin, new Date(day.opens_at)));
    expect(day.candles.at(-1)?.close).toBe(paperFeed.ltp(sbin, new Date(day.as_of)));
    expect(Date.parse(day.as_of)).toBeLessThanOrEqual(nowMs());
  });

  it('answers a whole past session of an option in every timeframe, each folding into the next', async () => {
    // Prepare
    const date = formatDay(await lastTradedDay());
    const chain = (await api.call('POST', '/scripts/getoptionchain', { token: caller.token, body: { underlying: 'NIFTY', strikes: 1 } })).body as { data: { rows: { ce: { script_id: string } }[] } };
    const scriptId = chain.data.rows[1]?.ce.script_id ?? '';
    const option = await findScript(scriptId);
    // Act
    const fives = await candlesOf({ script_id: scriptId, timeframe: 5, date });
    const fifteens = await candlesOf({ script_id: scriptId, timeframe: 15, date });
    const hours = await candlesOf({ script_id: scriptId, timeframe: 60, date });
    // Assess: 09:15–15:30 is 75 five-minute candles, 25 of 15 minutes, and 6 hours with a short last one (15:15–15:30).
    expect(fives.date).toBe(date);
    expect(fives.candles).toHaveLength(75);
    expect(fifteens.candles).toHaveLength(25);
    expect(hours.candles).toHaveLength(7);
    const opensAt = Date.parse(fives.opens_at) / 1000;
    expect(fives.closes_at).toBe(sessionOn(option, marketDayOf(new Date(fives.opens_at))).closesAt.toISOString());
    expect(fives.as_of).toBe(new Date(Date.parse(fives.closes_at) - 1000).toISOString());
    expect(fives.candles.at(-1)?.close).toBe(paperFeed.ltp(option, new Date(fives.as_of)));
    expectWellFormed(fives, 5);
    expect(fifteens.candles).toEqual(folded(fives.candles, opensAt, 15));
    expect(hours.candles).toEqual(folded(fives.candles, opensAt, 60));
  });

  it("says a weekend day did not trade, with no candles", async () => {
    const today = marketDayOf(now());
    // Day 3 (1970-01-04) was a Sunday: the last Sunday before today.
    const sunday = today - 1 - ((((today - 1 - 3) % 7) + 7) % 7);
    const day = await candlesOf({ script_id: 'NSE:SBIN', timeframe: 1, date: formatDay(sunday) });
    expect(day).toMatchObject({ date: formatDay(sunday), is_trading_day: false, candles: [] });
  });

  it("answers 404 'Unknown script' for a script the master does not list", async () => {
    const answer = await getCandles({ script_id: 'NSE:NOSUCHSCRIPT', timeframe: 5 });
    expect(answer.status).toBe(404);
    expect(errorEnvelopeSchema.parse(answer.body).error).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown script' });
  });

  it.each([
    [{ timeframe: 5 }, ['script_id']],
    [{ script_id: 'NSE:SBIN' }, ['timeframe']],
    [{ script_id: 'NSE:SBIN', timeframe: 4 }, ['timeframe']],
    [{ script_id: 'NSE:SBIN', timeframe: '5' }, ['timeframe']],
    [{ script_id: 'NSE:SBIN', timeframe: 5, date: '2026-02-30' }, ['date']],
    [{ script_id: 'NSE:SBIN', timeframe: 5, date: 'today' }, ['date']],
    [{ script_id: 'NSE:SBIN', timeframe: 5, extra: 1 }, ['(body)']],
  ])('answers 400 with the field paths for %j', async (body, fields) => {
    const answer = await getCandles(body);
    expect(answer.status).toBe(400);
    expect(errorEnvelopeSchema.parse(answer.body).error.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(fields));
  });

  it('refuses a day still ahead and one more than a year back', async () => {
    const today = marketDayOf(now());
    for (const [day, message] of [
      [today + 1, 'That day has not traded yet.'],
      [today - 400, 'Charts go back at most a year.'],
    ] as const) {
      const answer = await getCandles({ script_id: 'NSE:SBIN', timeframe: 5, date: formatDay(day) });
      expect(answer.status).toBe(400);
      expect(errorEnvelopeSchema.parse(answer.body).error).toMatchObject({ code: 'VALIDATION_FAILED', message, details: [{ path: 'date', message }] });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await api.call('POST', '/scripts/getcandles', { body: { script_id: 'NSE:SBIN', timeframe: 5 } })).status).toBe(401);
  });
});

describe('a day of candles at a given instant (the use-case behind the call)', () => {
  it('stops at the second asked for, in the middle of the session, the forming candle closing at that second', async () => {
    const sbin = await findScript('NSE:SBIN');
    const day = await lastTradedDay();
    const opensAt = sessionOn(sbin, day).opensAt.getTime();
    const at = new Date(opensAt + 107 * MINUTE_MS + 30_000); // 11:02:30 IST
    const answer = await scriptCandles({ scriptId: 'NSE:SBIN', timeframe: 5 }, at, { alwaysOpen: false });
    expect(answer.date).toBe(formatDay(day));
    expect(answer.candles).toHaveLength(22);
    expect(answer.candles.at(-1)?.time).toBe((opensAt + 105 * MINUTE_MS) / 1000);
    expect(answer.candles.at(-1)?.close).toBe(paperFeed.ltp(sbin, at));
    expect(answer.as_of).toBe(at.toISOString());
  });

  it('runs from one open to the next when the paper market trades around the clock, so a night order is on the chart', async () => {
    const sbin = await findScript('NSE:SBIN');
    const day = await lastTradedDay();
    const opensAt = sessionOn(sbin, day).opensAt.getTime();
    const at = new Date(opensAt + (16 * 60 + 45) * MINUTE_MS); // 02:00 IST the next day
    const answer = await scriptCandles({ scriptId: 'NSE:SBIN', timeframe: 5 }, at, { alwaysOpen: true });
    expect(answer.date).toBe(formatDay(day));
    expect(answer.closes_at).toBe(sessionOn(sbin, day + 1).opensAt.toISOString());
    expect(answer.candles).toHaveLength(202);
    expect(answer.candles.at(-1)?.close).toBe(paperFeed.ltp(sbin, at));
  });
});
