/** Which way an amount points: a price's move since the close, a P&L's profit or loss. */
export type PriceDirection = 'up' | 'down' | 'flat';

export function directionOf(change: number): PriceDirection {
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}
