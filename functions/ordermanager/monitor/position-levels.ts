import { bestPriceSoFar, stopPrice, targetPrice, trailedStop, type ExitLevel, type TrailSettings } from '../../../shared/domain/exit-levels';
import type { PositionItem, PositionTracking } from '../../data/ordermanager/position-item';

/**
 * The levels the monitor watches on an OPEN position, from its entry fill price and its settings:
 * target and stop-loss prices (shared/domain/exit-levels.ts does the arithmetic), and the trailing
 * stop, which follows the best price seen and never moves against the position. Pure.
 */
export type LevelSettings = Pick<
  PositionItem,
  'transaction_type' | 'instrument' | 'is_tgt' | 'tgt_type' | 'tgt_value' | 'is_sl' | 'sl_type' | 'sl_value' | 'is_trail_set' | 'trail_type' | 'trail_trigger' | 'trail_gap' | 'trail_point'
>;

export type WatchedLevels = Pick<PositionTracking, 'target_price' | 'stop_price' | 'best_price'>;

/** A CANDLE level names a price like an LTP one; it differs only in what is compared with it (a candle's close). */
function levelOf(type: PositionItem['tgt_type'], value: number | null): ExitLevel | null {
  if (type === null || value === null) return null;
  return { type: type === 'CANDLE' ? 'LTP' : type, value };
}

function trailOf(position: LevelSettings): TrailSettings | null {
  const { is_trail_set: on, trail_type: type, trail_trigger: trigger, trail_gap: gap, trail_point: point } = position;
  if (!on || trigger === null || gap === null || point === null) return null;
  return { type: type ?? 'POINT', trigger, gap, point };
}

export function initialTarget(position: LevelSettings, entryPrice: number): number | null {
  const level = position.is_tgt ? levelOf(position.tgt_type, position.tgt_value) : null;
  return level === null ? null : targetPrice(position.transaction_type, entryPrice, level, position.instrument.tick_size);
}

export function initialStop(position: LevelSettings, entryPrice: number): number | null {
  const level = position.is_sl ? levelOf(position.sl_type, position.sl_value) : null;
  return level === null ? null : stopPrice(position.transaction_type, entryPrice, level, position.instrument.tick_size);
}

/** The stop further in the position's favour (higher for a BUY, lower for a SELL). */
function tighterStop(side: PositionItem['transaction_type'], a: number, b: number): number {
  return side === 'BUY' ? Math.max(a, b) : Math.min(a, b);
}

/**
 * The stop after seeing `price`: the trailed stop for the best price so far, never looser than the
 * stop already held (`current`, null = the initial one). Answers the new best price with it.
 */
export function trailAt(position: LevelSettings, entryPrice: number, current: WatchedLevels, price: number): Pick<WatchedLevels, 'best_price' | 'stop_price'> {
  const best = bestPriceSoFar(position.transaction_type, current.best_price, price);
  const initial = initialStop(position, entryPrice);
  const trail = trailOf(position);
  if (initial === null || trail === null) return { best_price: best, stop_price: current.stop_price ?? initial };
  const trailed = trailedStop({ side: position.transaction_type, entryPrice, initialStop: initial, bestPrice: best, trail, tick: position.instrument.tick_size });
  return { best_price: best, stop_price: tighterStop(position.transaction_type, current.stop_price ?? initial, trailed) };
}

/** The levels when the entry fills (or its settings change while OPEN): trailing re-applied to the best price already seen. */
export function levelsAt(position: LevelSettings, entryPrice: number, bestSoFar: number | null): WatchedLevels {
  const target = initialTarget(position, entryPrice);
  const fresh = { target_price: target, stop_price: null, best_price: bestSoFar };
  const { best_price, stop_price } = trailAt(position, entryPrice, fresh, bestSoFar ?? entryPrice);
  return { target_price: target, stop_price, best_price };
}
