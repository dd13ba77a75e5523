/** One polled total of a group's P&L. */
export interface PnlPoint {
  /** Milliseconds since the epoch, when the answer was read. */
  at: number;
  pnl: number;
}

/** Enough points for ~5 minutes at the 2 s poll; older ones drop off the left of the chart. */
export const PNL_TRAIL_LENGTH = 150;

/** The trail with a new reading: a reading at the same instant as the last (a re-render, not a poll) is ignored. */
export function withReading(trail: readonly PnlPoint[], reading: PnlPoint, length = PNL_TRAIL_LENGTH): PnlPoint[] {
  const last = trail.at(-1);
  if (last && last.at >= reading.at) return [...trail];
  return [...trail, reading].slice(-length);
}

/** Points of an SVG polyline for the trail inside a width × height box, with 0 P&L always in view. */
export function trailPolyline(trail: readonly PnlPoint[], width: number, height: number): { points: string; zeroY: number } {
  const values = trail.map((point) => point.pnl);
  const high = Math.max(0, ...values);
  const low = Math.min(0, ...values);
  const span = high - low || 1;
  const yOf = (value: number) => height - ((value - low) / span) * height;
  const step = trail.length > 1 ? width / (trail.length - 1) : 0;
  const points = trail.map((point, index) => `${(index * step).toFixed(1)},${yOf(point.pnl).toFixed(1)}`).join(' ');
  return { points, zeroY: yOf(0) };
}
