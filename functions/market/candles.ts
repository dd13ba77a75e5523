import type { CANDLE_TIMEFRAMES_MINUTES } from '../../shared/domain/constants';
import type { LEVEL_DIRECTIONS } from '../../shared/domain/ranges';

/**
 * Candles built from ticks, for CANDLE entries and levels (spec §3 entry types, §5 timeframes). Buckets
 * are aligned to the session's open, as Indian brokers' charts are: on NSE/BSE/NFO/BFO the 5-minute
 * candles start 09:15, 09:20, … and the 60-minute ones 09:15, 10:15, … with a short last one to 15:30; on
 * MCX they start at 09:00. The session open comes from the caller (the market-hours session of the
 * instrument, `sessionOn(...).opensAt`), so this file holds no exchange timetable of its own.
 *
 * A candle is emitted closed when the first tick of a later bucket arrives, or when the caller asks at or
 * after its bucket's end (a quiet instrument still closes its candle on time). Ticks before the open
 * (pre-open) fold into the first candle, as the 09:15 candle opens at the pre-open price; a tick older than
 * the candle being built arrives too late to change a closed candle and is ignored.
 */
export type CandleTimeframe = (typeof CANDLE_TIMEFRAMES_MINUTES)[number];
export type LevelDirection = (typeof LEVEL_DIRECTIONS)[number];

const MS_PER_MINUTE = 60_000;

export interface Tick {
  readonly at: Date;
  readonly price: number;
}

export interface Candle {
  /** Epoch ms of the bucket's first instant. */
  readonly startsAt: number;
  /** Epoch ms of the next bucket's first instant. */
  readonly endsAt: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

export interface CandleFrame {
  readonly minutes: CandleTimeframe;
  /** The open of the session an instant belongs to. */
  readonly sessionOpensAt: (at: Date) => Date;
}

/** The bucket holding an instant: [startsAt, endsAt). */
export function bucketOf(frame: CandleFrame, at: Date): { readonly startsAt: number; readonly endsAt: number } {
  const length = frame.minutes * MS_PER_MINUTE;
  const opensAt = frame.sessionOpensAt(at).getTime();
  const index = Math.max(0, Math.floor((at.getTime() - opensAt) / length));
  return { startsAt: opensAt + index * length, endsAt: opensAt + (index + 1) * length };
}

/** What a tick or a clock check leaves: the candle being built and the one just closed, if any. */
export interface CandleStep {
  readonly building: Candle | null;
  readonly closed: Candle | null;
}

function candleOf(bucket: { readonly startsAt: number; readonly endsAt: number }, price: number): Candle {
  return { ...bucket, open: price, high: price, low: price, close: price };
}

export function addTick(frame: CandleFrame, building: Candle | null, tick: Tick): CandleStep {
  const bucket = bucketOf(frame, tick.at);
  if (building === null) return { building: candleOf(bucket, tick.price), closed: null };
  if (bucket.startsAt < building.startsAt) return { building, closed: null };
  if (bucket.startsAt > building.startsAt) return { building: candleOf(bucket, tick.price), closed: building };
  return {
    building: { ...building, high: Math.max(building.high, tick.price), low: Math.min(building.low, tick.price), close: tick.price },
    closed: null,
  };
}

/** At or after the end of the candle's bucket, it is closed and emitted. */
export function closeIfDue(building: Candle | null, now: Date): CandleStep {
  if (building !== null && now.getTime() >= building.endsAt) return { building: null, closed: building };
  return { building, closed: null };
}

/** Touching the level counts, as an exchange stop triggers at its trigger price. */
const LEVEL_REACHED: Readonly<Record<LevelDirection, (price: number, level: number) => boolean>> = {
  ABOVE: (price, level) => price >= level,
  BELOW: (price, level) => price <= level,
};

/** The LTP entry condition: the last traded price is ABOVE / BELOW the level. */
export function ltpConditionMet(direction: LevelDirection, ltp: number, level: number): boolean {
  return LEVEL_REACHED[direction](ltp, level);
}

/** The CANDLE entry condition: a closed candle's close is ABOVE / BELOW the level (a wick alone does not count). */
export function candleConditionMet(direction: LevelDirection, closed: Candle, level: number): boolean {
  return LEVEL_REACHED[direction](closed.close, level);
}
