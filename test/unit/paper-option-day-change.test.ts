import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { previousCloseInstant } from '../../functions/market/ltp';
import { expirySecondOf } from '../../functions/broker-adapters/paper/expiry-time';
import { MARKET_CLOCKS, marketYearsBetween } from '../../functions/broker-adapters/paper/market-time';
import { black76 } from '../../functions/broker-adapters/paper/option-pricing';
import { createPriceFeed, DEFAULT_PRICE_SEED, secondOf } from '../../functions/broker-adapters/paper/price-feed';
import { RISK_FREE_RATE } from '../../functions/broker-adapters/paper/reference-levels';

/**
 * Issue 16, defect 8: NIFTY 01 DEC 26 24000 CE quoted 20.40 on 26-11-2026 against a previous close of
 * 206.90 (−90 %). The cause was the walk, not the option formula: it ran on calendar seconds at a
 * deviation calibrated for trading seconds (NIFTY 6e-5/√s ≈ 34 % a year, 1.8 % a day, nights and
 * weekends included) while options were priced at NIFTY's 13 %, so the index routinely moved two to
 * three of the options' daily deviations overnight (24,061 → 23,540 by 12:47) and a weekly call lost
 * nine tenths. Now the walk moves at the options' own volatility, on the same market-time clock.
 */
const ist = (text: string) => new Date(`${text}+05:30`);
const DAY_MS = 86_400_000;
const NIFTY_VOLATILITY = 0.13;
/** A trading day's deviation at 13 % a year (252 trading days). */
const NIFTY_DAILY = NIFTY_VOLATILITY / Math.sqrt(252);

const niftyRow = (master: readonly Instrument[], scriptId: string): Instrument => {
  const found = master.find((instrument) => instrument.script_id === scriptId);
  if (!found) throw new Error(`the sample master lacks ${scriptId}`);
  return found;
};

describe("the tester's contract: NIFTY 01 DEC 26 24000 CE from the close of 25-11-2026 through 26-11-2026", () => {
  const feed = createPriceFeed(DEFAULT_PRICE_SEED);
  const call = niftyRow(buildSampleMaster('2026-11-26').instruments, 'NFO:NIFTY01DEC2624000CE');
  const closedAt = previousCloseInstant(call, ist('2026-11-26T09:15:00')) as Date;
  const session = Array.from({ length: 375 }, (_, minute) => new Date(ist('2026-11-26T09:15:00').getTime() + minute * 60_000));

  it('reads the previous close at 15:29:59 on 25-11-2026', () => {
    expect(closedAt.toISOString()).toBe(ist('2026-11-25T15:29:59').toISOString());
  });

  it("keeps the index's move since the close within three of the options' own deviations over that time", () => {
    const closeLevel = feed.underlyingLevel(call, closedAt);
    for (const at of session) {
      const deviation = NIFTY_VOLATILITY * Math.sqrt(marketYearsBetween(MARKET_CLOCKS.index, secondOf(closedAt), secondOf(at)));
      expect(Math.abs(Math.log(feed.underlyingLevel(call, at) / closeLevel))).toBeLessThan(3 * deviation);
    }
  });

  it('quotes the call at Black-76 on the moment’s forward, so its change is what the index did', () => {
    const expiresAt = expirySecondOf(call.expiry) as number;
    for (const at of [closedAt, ...session]) {
      const second = secondOf(at);
      const spot = feed.underlyingLevel(call, at);
      const years = (expiresAt - second) / (365 * 86_400);
      const value = black76({
        right: 'CE',
        forward: spot * Math.exp(RISK_FREE_RATE * years),
        strike: 24_000,
        volatility: NIFTY_VOLATILITY,
        varianceYears: marketYearsBetween(MARKET_CLOCKS.index, second, expiresAt),
        discountYears: years,
        rate: RISK_FREE_RATE,
      });
      expect(Math.abs(feed.ltp(call, at) - Math.max(0.05, value, spot - 24_000))).toBeLessThanOrEqual(0.05);
    }
  });
});

/** 200 weekdays from Monday 06-01-2025: fixed dates, never today. */
const WEEKDAYS: readonly Date[] = (() => {
  const days: Date[] = [];
  for (let day = Date.UTC(2025, 0, 6); days.length < 201; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(new Date(day));
  }
  return days;
})();
const dayText = (day: Date) => day.toISOString().slice(0, 10);

/** The weekly (Tuesday) expiry at least three sessions after `day`: an at-the-money weekly a few days out. */
function weeklyExpiryAfter(day: Date): string {
  let expiry = day.getTime() + 3 * DAY_MS;
  while (new Date(expiry).getUTCDay() !== 2) expiry += DAY_MS;
  return dayText(new Date(expiry));
}

const niftyIndex: Instrument = {
  script_id: 'NSE:NIFTY',
  exchange: 'NSE',
  trading_symbol: 'NIFTY',
  name: 'NIFTY',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: {},
};

interface DayChange {
  /** The index's close-to-close log return, and the same in 13 %-a-year daily deviations. */
  readonly logReturn: number;
  readonly sigmas: number;
  /** Relative changes of the at-the-money call and put, previous close to the session's close and to midday. */
  readonly atClose: readonly number[];
  readonly atMidday: readonly number[];
}

function dayChanges(seed: string): DayChange[] {
  const feed = createPriceFeed(seed);
  return WEEKDAYS.slice(1).map((day, index) => {
    const previous = WEEKDAYS[index] as Date;
    const closedAt = ist(`${dayText(previous)}T15:29:59`);
    const [midday, close] = [ist(`${dayText(day)}T12:00:00`), ist(`${dayText(day)}T15:29:59`)];
    const closeLevel = feed.underlyingLevel(niftyIndex, closedAt);
    const strike = Math.round(closeLevel / 50) * 50;
    const options = (['CE', 'PE'] as const).map(
      (right): Instrument => ({ ...niftyIndex, exchange: 'NFO', script_id: `NFO:ATM${right}`, trading_symbol: `ATM${right}`, instrument_type: right, expiry: weeklyExpiryAfter(day), strike }),
    );
    const change = (at: Date) => options.map((option) => feed.ltp(option, at) / feed.ltp(option, closedAt) - 1);
    const logReturn = Math.log(feed.underlyingLevel(niftyIndex, close) / closeLevel);
    return { logReturn, sigmas: logReturn / NIFTY_DAILY, atClose: change(close), atMidday: change(midday) };
  });
}

const share = (values: readonly number[], keep: (value: number) => boolean) => values.filter(keep).length / values.length;

describe('a day in the life of an at-the-money weekly, over 200 fixed days', () => {
  for (const seed of [DEFAULT_PRICE_SEED, 'day-change-check']) {
    const days = dayChanges(seed);
    const closeChanges = days.flatMap((day) => day.atClose);

    it(`moves the index close to close at its options' volatility (seed ${seed})`, () => {
      const deviation = Math.sqrt(days.reduce((sum, day) => sum + day.logReturn ** 2, 0) / days.length);
      expect(deviation / NIFTY_DAILY).toBeGreaterThan(0.8);
      expect(deviation / NIFTY_DAILY).toBeLessThan(1.2);
      expect(Math.max(...days.map((day) => Math.abs(day.sigmas)))).toBeLessThan(4);
    });

    it(`changes an at-the-money weekly by a plausible share of its price (seed ${seed})`, () => {
      const sizes = closeChanges.map(Math.abs).sort((a, b) => a - b);
      expect(sizes[Math.floor(sizes.length / 2)]).toBeLessThan(0.5);
      expect(sizes[Math.floor(sizes.length * 0.9)]).toBeLessThan(1);
      expect(share(closeChanges, (change) => Math.abs(change) <= 0.6)).toBeGreaterThan(0.6);
      expect(share(days.flatMap((day) => day.atMidday), (change) => Math.abs(change) <= 0.6)).toBeGreaterThan(0.7);
    });

    it(`keeps a quiet day's change within ±75 % and loses nine tenths only on a day of two deviations or more (seed ${seed})`, () => {
      for (const day of days) {
        if (Math.abs(day.sigmas) <= 1) day.atClose.forEach((change) => expect(Math.abs(change)).toBeLessThan(0.75));
        if (Math.abs(day.sigmas) < 2) day.atClose.forEach((change) => expect(change).toBeGreaterThan(-0.9));
      }
    });
  }
});
