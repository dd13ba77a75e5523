import type { Instrument } from '../../shared/domain/instruments';
import { createPriceFeed } from '../broker-adapters/paper/price-feed';
import { addTick, type Candle, type CandleFrame, type CandleTimeframe } from './candles';
import type { ChartWindow } from './chart-window';

/**
 * A day's candles of a script, built from the paper market's feed with the candle rules of candles.ts
 * (buckets aligned to the session's open). The feed is a pure function of the second, so a day's
 * prices can be read back at any time; reading every second of a session (22,500 of them) costs too
 * much per request, so each minute is sampled every `SAMPLE_STEP_SECONDS` seconds plus its last
 * second: the open and close of every minute are the feed's exact prices, high and low are those of
 * the samples (a move between two samples that reverses within five seconds can be missed).
 *
 * One-minute candles are built once: finished minutes are kept per (script, window) in memory (the
 * least recently used series go first), so a later request only samples the minutes since; the
 * minute in progress is sampled afresh up to the second asked for. Longer timeframes are folded from
 * the one-minute candles with the same `addTick`, so every timeframe agrees with every other.
 */
export const SAMPLE_STEP_SECONDS = 5;
export const MAX_CACHED_SERIES = 64;

const SECONDS_PER_MINUTE = 60;

/** A script's price during a second (epoch seconds). */
export type SecondPrice = (instrument: Instrument, second: number) => number;

export interface CandleSeries {
  /** The window's candles of `minutes` up to and including `lastSecond` (epoch seconds), oldest first. */
  candles(instrument: Instrument, window: ChartWindow, minutes: CandleTimeframe, lastSecond: number): Candle[];
}

interface MinuteSeries {
  readonly closed: Candle[];
  /** Epoch seconds of the first minute not yet built. */
  nextMinute: number;
}

/** The seconds a minute is sampled at, up to `last`: its first, every step after, and `last` itself. */
export function sampleSecondsOf(minuteStart: number, last: number): number[] {
  const seconds: number[] = [];
  for (let second = minuteStart; second <= last; second += SAMPLE_STEP_SECONDS) seconds.push(second);
  if (seconds.at(-1) !== last) seconds.push(last);
  return seconds;
}

function frameOf(window: ChartWindow, minutes: CandleTimeframe): CandleFrame {
  return { minutes, sessionOpensAt: () => window.opensAt };
}

/** Folds ticks into candles of a frame: every closed one, then the one still being built. */
function fold(frame: CandleFrame, ticks: Iterable<{ at: Date; price: number }>): Candle[] {
  const candles: Candle[] = [];
  let building: Candle | null = null;
  for (const tick of ticks) {
    const step = addTick(frame, building, tick);
    if (step.closed) candles.push(step.closed);
    building = step.building;
  }
  if (building) candles.push(building);
  return candles;
}

/** A one-minute candle's four prices as ticks in its first instant: open first, close last. */
function* ticksOf(candles: readonly Candle[]): Generator<{ at: Date; price: number }> {
  for (const candle of candles) {
    const at = new Date(candle.startsAt);
    yield { at, price: candle.open };
    yield { at, price: candle.high };
    yield { at, price: candle.low };
    yield { at, price: candle.close };
  }
}

export function createCandleSeries(price: SecondPrice, maxSeries = MAX_CACHED_SERIES): CandleSeries {
  const series = new Map<string, MinuteSeries>();

  const minuteCandle = (instrument: Instrument, window: ChartWindow, minuteStart: number, last: number): Candle => {
    const ticks = sampleSecondsOf(minuteStart, last).map((second) => ({ at: new Date(second * 1000), price: price(instrument, second) }));
    const [candle] = fold(frameOf(window, 1), ticks);
    if (!candle) throw new Error('a minute without samples');
    return candle;
  };

  /** The window's finished minutes up to `lastSecond`, built once and kept. */
  const finishedMinutes = (instrument: Instrument, window: ChartWindow, lastSecond: number): MinuteSeries => {
    const key = `${instrument.script_id}|${window.opensAt.getTime()}|${window.endsAt.getTime()}`;
    const known = series.get(key) ?? { closed: [], nextMinute: window.opensAt.getTime() / 1000 };
    series.delete(key);
    series.set(key, known);
    if (series.size > maxSeries) series.delete(series.keys().next().value ?? key);
    while (known.nextMinute + SECONDS_PER_MINUTE - 1 <= lastSecond) {
      known.closed.push(minuteCandle(instrument, window, known.nextMinute, known.nextMinute + SECONDS_PER_MINUTE - 1));
      known.nextMinute += SECONDS_PER_MINUTE;
    }
    return known;
  };

  return {
    candles(instrument, window, minutes, lastSecond) {
      const last = Math.min(lastSecond, window.endsAt.getTime() / 1000 - 1);
      if (!window.isTradingDay || last < window.opensAt.getTime() / 1000) return [];
      const opens = window.opensAt.getTime() / 1000;
      // Kept minutes may run past `last` (an earlier request asked for a later second): take the whole ones up to it.
      const wholeMinutes = Math.floor((last - opens + 1) / SECONDS_PER_MINUTE);
      const ones = finishedMinutes(instrument, window, last).closed.slice(0, wholeMinutes);
      const formingStart = opens + wholeMinutes * SECONDS_PER_MINUTE;
      if (formingStart <= last) ones.push(minuteCandle(instrument, window, formingStart, last));
      return minutes === 1 ? ones : fold(frameOf(window, minutes), ticksOf(ones));
    },
  };
}

const paperFeed = createPriceFeed();

/** The platform's candles: the paper market's feed, as every price on the platform today (market/ltp.ts). */
export const paperCandleSeries = createCandleSeries((instrument, second) => paperFeed.ltp(instrument, new Date(second * 1000)));
