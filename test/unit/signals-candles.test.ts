import { describe, expect, it } from 'vitest';
import { addTick, bucketOf, candleConditionMet, closeIfDue, ltpConditionMet, type Candle, type CandleFrame, type CandleTimeframe, type Tick } from '../../functions/market/candles';
import { sessionOn } from '../../functions/broker-adapters/paper/market-hours';
import { marketDayOf } from '../../shared/domain/market-clock';
import type { Instrument } from '../../shared/domain/instruments';
import { CANDLE_TIMEFRAMES_MINUTES } from '../../shared/domain/constants';

function instrument(exchange: 'NSE' | 'MCX', name: string): Instrument {
  return { script_id: `${exchange}:${name}`, exchange, trading_symbol: name, name, instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: {} };
}

/** The wiring's choice: candles align to the instrument's session open from the market-hours timetable. */
const frameFor = (minutes: CandleTimeframe, exchange: 'NSE' | 'MCX' = 'NSE'): CandleFrame => ({
  minutes,
  sessionOpensAt: (at) => sessionOn(instrument(exchange, exchange === 'NSE' ? 'SBIN' : 'CRUDEOIL'), marketDayOf(at)).opensAt,
});

const ist = (clock: string) => new Date(`2025-11-20T${clock}+05:30`);
const clockOf = (epochMs: number) => new Date(epochMs + 5.5 * 3_600_000).toISOString().slice(11, 19);

describe('buckets aligned to the session open', () => {
  // timeframe, exchange, tick time → bucket start and end (IST)
  const table: readonly [CandleTimeframe, 'NSE' | 'MCX', string, string, string][] = [
    [1, 'NSE', '09:15:00', '09:15:00', '09:16:00'],
    [1, 'NSE', '09:15:59', '09:15:00', '09:16:00'],
    [3, 'NSE', '09:18:00', '09:18:00', '09:21:00'],
    [5, 'NSE', '09:19:59', '09:15:00', '09:20:00'],
    [10, 'NSE', '09:31:00', '09:25:00', '09:35:00'],
    [15, 'NSE', '15:29:59', '15:15:00', '15:30:00'],
    [30, 'NSE', '10:00:00', '09:45:00', '10:15:00'],
    [60, 'NSE', '10:14:59', '09:15:00', '10:15:00'],
    [60, 'NSE', '15:20:00', '15:15:00', '16:15:00'], // the last hourly candle runs to the close at 15:30
    [2, 'NSE', '09:08:00', '09:15:00', '09:17:00'], // a pre-open tick folds into the first candle
    [5, 'MCX', '09:03:00', '09:00:00', '09:05:00'],
    [60, 'MCX', '23:10:00', '23:00:00', '00:00:00'],
  ];
  for (const [minutes, exchange, at, startsAt, endsAt] of table) {
    it(`${minutes}-minute ${exchange} candle holding ${at} runs ${startsAt}–${endsAt}`, () => {
      const bucket = bucketOf(frameFor(minutes, exchange), ist(at));
      expect([clockOf(bucket.startsAt), clockOf(bucket.endsAt)]).toEqual([startsAt, endsAt]);
    });
  }

  it('every allowed timeframe tiles the session without gaps or overlaps (property)', () => {
    for (const minutes of CANDLE_TIMEFRAMES_MINUTES) {
      const frame = frameFor(minutes);
      let previous = bucketOf(frame, ist('09:15:00'));
      for (let second = 1; second < 6.25 * 3600; second += 7) {
        const bucket = bucketOf(frame, new Date(ist('09:15:00').getTime() + second * 1000));
        expect(bucket.endsAt - bucket.startsAt).toBe(minutes * 60_000);
        expect([previous.startsAt, previous.endsAt]).toContain(bucket.startsAt);
        previous = bucket;
      }
    }
  });
});

describe('building candles from ticks', () => {
  function run(frame: CandleFrame, ticks: readonly [string, number][]): { closed: Candle[]; building: Candle | null } {
    const closed: Candle[] = [];
    let building: Candle | null = null;
    for (const [clock, price] of ticks) {
      const tick: Tick = { at: ist(clock), price };
      const step = addTick(frame, building, tick);
      building = step.building;
      if (step.closed) closed.push(step.closed);
    }
    return { closed, building };
  }
  const ohlc = (candle: Candle | null | undefined) => candle && [clockOf(candle.startsAt), candle.open, candle.high, candle.low, candle.close];

  it('tracks open, high, low and close, and closes the candle when the next bucket’s first tick arrives', () => {
    const { closed, building } = run(frameFor(5), [
      ['09:15:01', 100],
      ['09:16:00', 103],
      ['09:17:30', 98.5],
      ['09:19:59', 101],
      ['09:20:00', 102],
    ]);
    expect(closed.map(ohlc)).toEqual([['09:15:00', 100, 103, 98.5, 101]]);
    expect(ohlc(building)).toEqual(['09:20:00', 102, 102, 102, 102]);
  });

  it('skips empty buckets: a quiet spell emits no made-up candles', () => {
    const { closed, building } = run(frameFor(1), [
      ['09:15:10', 100],
      ['09:18:10', 104],
    ]);
    expect(closed.map(ohlc)).toEqual([['09:15:00', 100, 100, 100, 100]]);
    expect(ohlc(building)).toEqual(['09:18:00', 104, 104, 104, 104]);
  });

  it('ignores a late tick from an already closed bucket', () => {
    const { closed, building } = run(frameFor(1), [
      ['09:15:10', 100],
      ['09:16:05', 101],
      ['09:15:59', 90],
      ['09:16:20', 102],
    ]);
    expect(closed.map(ohlc)).toEqual([['09:15:00', 100, 100, 100, 100]]);
    expect(ohlc(building)).toEqual(['09:16:00', 101, 102, 101, 102]);
  });

  it('closes the candle when asked at or after its bucket end, not before', () => {
    const { building } = run(frameFor(3), [['09:15:10', 100]]);
    expect(closeIfDue(building, ist('09:17:59'))).toEqual({ building, closed: null });
    expect(closeIfDue(building, ist('09:18:00'))).toEqual({ building: null, closed: building });
    expect(closeIfDue(null, ist('09:18:00'))).toEqual({ building: null, closed: null });
  });
});

describe('entry conditions ABOVE / BELOW', () => {
  const ltpTable: readonly ['ABOVE' | 'BELOW', number, number, boolean][] = [
    ['ABOVE', 100.05, 100, true],
    ['ABOVE', 100, 100, true],
    ['ABOVE', 99.95, 100, false],
    ['BELOW', 99.95, 100, true],
    ['BELOW', 100, 100, true],
    ['BELOW', 100.05, 100, false],
  ];
  for (const [direction, ltp, level, met] of ltpTable) {
    it(`LTP ${ltp} ${direction} ${level}: ${met}`, () => {
      expect(ltpConditionMet(direction, ltp, level)).toBe(met);
    });
  }

  it('a candle condition reads the close, so a wick through the level is not enough', () => {
    const candle: Candle = { startsAt: 0, endsAt: 60_000, open: 99, high: 101, low: 98, close: 99.5 };
    expect(candleConditionMet('ABOVE', candle, 100)).toBe(false);
    expect(candleConditionMet('BELOW', candle, 100)).toBe(true);
    expect(candleConditionMet('BELOW', candle, 98.5)).toBe(false);
  });
});
