import type { PnlPoint } from '@shared/contracts/dashboard';

/** The chart library reads times as UTC; shifting by Asia/Kolkata's offset makes its axis read market time. */
export const IST_OFFSET_SECONDS = 19_800;

export interface LinePoint {
  /** Epoch seconds shifted to read as Asia/Kolkata wall-clock time. */
  readonly time: number;
  readonly value: number;
}

/** The line's points: one per second at most (the last, "now", may share the last minute's second). */
export function linePointsOf(points: readonly PnlPoint[]): LinePoint[] {
  const bySecond = new Map<number, number>();
  for (const point of points) bySecond.set(Math.floor(Date.parse(point.at) / 1000) + IST_OFFSET_SECONDS, point.total_pnl);
  return [...bySecond.entries()].sort(([a], [b]) => a - b).map(([time, value]) => ({ time, value }));
}

export interface LineSummary {
  readonly now: PnlPoint;
  readonly high: PnlPoint;
  readonly low: PnlPoint;
}

/** Where the day stands and its best and worst moments, for the text beside the chart. */
export function lineSummaryOf(points: readonly PnlPoint[]): LineSummary | null {
  const now = points.at(-1);
  if (!now) return null;
  let high = now;
  let low = now;
  for (const point of points) {
    if (point.total_pnl > high.total_pnl) high = point;
    if (point.total_pnl < low.total_pnl) low = point;
  }
  return { now, high, low };
}
