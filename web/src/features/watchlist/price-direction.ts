export type PriceDirection = 'up' | 'down' | 'flat';

/** How each direction of a move is coloured and read out. */
export const PRICE_DIRECTIONS: Readonly<Record<PriceDirection, { className: string; spoken: string }>> = {
  up: { className: 'price-change--up', spoken: 'up' },
  down: { className: 'price-change--down', spoken: 'down' },
  flat: { className: 'price-change--flat', spoken: 'unchanged' },
};

export function directionOf(change: number): PriceDirection {
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}
