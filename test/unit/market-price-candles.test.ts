import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { marketDayOf } from '../../shared/domain/market-clock';
import { chartWindowOf, type ChartWindow } from '../../functions/market/chart-window';
import { createCandleSeries, sampleSecondsOf, SAMPLE_STEP_SECONDS } from '../../functions/market/price-candles';

const sbin: Instrument = {
  script_id: 'NSE:SBIN',
  exchange: 'NSE',
  trading_symbol: 'SBIN',
  name: 'SBIN',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: {},
};

const ist = (text: string) => new Date(`${text}+05:30`);
const secondOf = (text: string) => ist(text).getTime() / 1000;

/** A made-up price path: a zig-zag of whole rupees by the second, so every sampled second is known. */
const zigzag = (_instrument: Instrument, second: number) => 100 + (second % 17) - (second % 5);

describe('a day of candles from the price feed', () => {
  // Wednesday 19-Nov-2025, an ordinary NSE trading day.
  const window: ChartWindow = chartWindowOf(sbin, ist('2025-11-19T12:00:00'), { alwaysOpen: false });

  it("takes the clock's session once open, else the last day that traded", () => {
    expect(window).toMatchObject({ isTradingDay: true, opensAt: ist('2025-11-19T09:15:00'), endsAt: ist('2025-11-19T15:30:00') });
    expect(chartWindowOf(sbin, ist('2025-11-19T08:00:00'), { alwaysOpen: false }).opensAt).toEqual(ist('2025-11-18T09:15:00'));
    // Saturday and Sunday show Friday.
    expect(chartWindowOf(sbin, ist('2025-11-23T12:00:00'), { alwaysOpen: false }).opensAt).toEqual(ist('2025-11-21T09:15:00'));
    // Around the clock: from one open to the next, every day.
    const night = chartWindowOf(sbin, ist('2025-11-23T02:00:00'), { alwaysOpen: true });
    expect(night).toMatchObject({ isTradingDay: true, opensAt: ist('2025-11-22T09:15:00'), endsAt: ist('2025-11-23T09:15:00') });
  });

  it('samples each minute from its first second every few seconds, and at the last second asked for', () => {
    const start = secondOf('2025-11-19T09:15:00');
    expect(sampleSecondsOf(start, start + 59)).toEqual([...Array.from({ length: 12 }, (_, index) => start + index * SAMPLE_STEP_SECONDS), start + 59]);
    expect(sampleSecondsOf(start, start + 7)).toEqual([start, start + 5, start + 7]);
  });

  it('builds one-minute candles from the samples and folds them into longer ones aligned to the open', () => {
    const series = createCandleSeries(zigzag);
    const last = secondOf('2025-11-19T09:26:29');
    const ones = series.candles(sbin, window, 1, last);
    expect(ones).toHaveLength(12);
    const first = sampleSecondsOf(secondOf('2025-11-19T09:15:00'), secondOf('2025-11-19T09:15:59')).map((second) => zigzag(sbin, second));
    expect(ones[0]).toEqual({
      startsAt: ist('2025-11-19T09:15:00').getTime(),
      endsAt: ist('2025-11-19T09:16:00').getTime(),
      open: first[0],
      high: Math.max(...first),
      low: Math.min(...first),
      close: first.at(-1),
    });
    expect(ones.at(-1)?.close).toBe(zigzag(sbin, last));
    const tens = series.candles(sbin, window, 10, last);
    expect(tens.map((candle) => candle.startsAt)).toEqual([ist('2025-11-19T09:15:00').getTime(), ist('2025-11-19T09:25:00').getTime()]);
    expect(tens[0]).toMatchObject({ open: ones[0]?.open, close: ones[9]?.close, high: Math.max(...ones.slice(0, 10).map((c) => c.high)) });
    expect(tens[1]?.close).toBe(zigzag(sbin, last));
  });

  it('reads each finished minute from the feed once, and an earlier second from what it kept', () => {
    let reads = 0;
    const series = createCandleSeries((instrument, second) => {
      reads += 1;
      return zigzag(instrument, second);
    });
    series.candles(sbin, window, 5, secondOf('2025-11-19T10:14:59'));
    expect(reads).toBe(60 * 13);
    reads = 0;
    const later = series.candles(sbin, window, 5, secondOf('2025-11-19T10:15:59'));
    expect(reads).toBe(13);
    expect(later).toHaveLength(13);
    reads = 0;
    const earlier = series.candles(sbin, window, 5, secondOf('2025-11-19T09:30:02'));
    expect(reads).toBe(2);
    expect(earlier).toHaveLength(4);
    expect(earlier.at(-1)?.close).toBe(zigzag(sbin, secondOf('2025-11-19T09:30:02')));
  });

  it('has no candles before the open, on a holiday or a weekend, and none past the close', () => {
    const series = createCandleSeries(zigzag);
    expect(series.candles(sbin, window, 5, secondOf('2025-11-19T09:14:59'))).toEqual([]);
    const sunday = chartWindowOf(sbin, ist('2025-11-23T12:00:00'), { alwaysOpen: false, day: marketDayOf(ist('2025-11-23T12:00:00')) });
    expect(sunday.isTradingDay).toBe(false);
    expect(series.candles(sbin, sunday, 5, secondOf('2025-11-23T12:00:00'))).toEqual([]);
    const evening = series.candles(sbin, window, 5, secondOf('2025-11-19T20:00:00'));
    expect(evening).toHaveLength(75);
    expect(evening.at(-1)?.close).toBe(zigzag(sbin, secondOf('2025-11-19T15:29:59')));
  });
});
