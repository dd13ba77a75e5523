import { beforeAll, describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { createPriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { instrumentMaster } from '../../functions/market/instrument-master';
import { changeSincePreviousClose, findScript, previousCloseInstant } from '../../functions/market/ltp';

const ist = (text: string) => new Date(`${text}+05:30`);
const paperFeed = createPriceFeed();

let sbin: Instrument;
let crudeFuture: Instrument;
beforeAll(async () => {
  sbin = await findScript('NSE:SBIN');
  const found = (await instrumentMaster()).instruments.find((instrument) => instrument.exchange === 'MCX' && instrument.name === 'CRUDEOIL');
  if (!found) throw new Error('the sample master lists CRUDEOIL futures');
  crudeFuture = found;
});

describe("the watch list's previous close: the last second of the last session before today (IST)", () => {
  it.each([
    ['a Wednesday morning', '2025-11-19T10:00:00', '2025-11-18T15:29:59'],
    ['before the open', '2025-11-19T08:00:00', '2025-11-18T15:29:59'],
    ["after today's close", '2025-11-19T18:00:00', '2025-11-18T15:29:59'],
    ['a Monday (over the weekend)', '2025-11-24T09:30:00', '2025-11-21T15:29:59'],
    ['a Saturday', '2025-11-22T11:00:00', '2025-11-21T15:29:59'],
    ['the day after a holiday (Guru Nanak Jayanti, 2025-11-05)', '2025-11-06T12:00:00', '2025-11-04T15:29:59'],
  ])('NSE on %s', (_when, at, closedAt) => {
    expect(previousCloseInstant(sbin, ist(at))).toEqual(ist(closedAt));
  });

  it.each([
    ['US winter time (23:55 close), trading through an NSE-only holiday', '2025-11-06T12:00:00', '2025-11-05T23:54:59'],
    ['US summer time (23:30 close)', '2025-07-16T10:00:00', '2025-07-15T23:29:59'],
  ])('MCX in %s', (_when, at, closedAt) => {
    expect(previousCloseInstant(crudeFuture, ist(at))).toEqual(ist(closedAt));
  });

  it("measures the change from the paper feed's price at that close, on the tick and in percent", () => {
    const at = ist('2025-11-19T10:00:00');
    const ltp = paperFeed.ltp(sbin, at);
    const previousClose = paperFeed.ltp(sbin, ist('2025-11-18T15:29:59'));
    const moved = changeSincePreviousClose(sbin, ltp, at);
    expect(moved.previous_close).toBe(previousClose);
    expect(moved.change).toBe(Number((ltp - previousClose).toFixed(2)));
    expect(moved.change_percent).toBe(Math.round(((ltp - previousClose) / previousClose) * 10_000) / 100);
  });
});
