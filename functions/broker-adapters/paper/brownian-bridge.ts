import { gaussianAt } from './seeded-random';

/**
 * A random walk that can be read at any second in O(log n) without replaying its history: each window
 * of 2^22 seconds (~48.5 days) is a Brownian bridge pinned to 0 at both ends and refined by midpoint
 * displacement — the value halfway between two known points is their mean plus a normal draw with the
 * exact conditional deviation σ·√(span/4), drawn from the node's own coordinates. Reading a second only
 * walks the ~22 nodes above it, and every process reads the same value.
 *
 * Simplification: because each window returns to 0, the walk mean-reverts to its reference level about
 * every seven weeks (index deviation at mid-window ≈ 6 %), which keeps prices near the reference table.
 */
export const BRIDGE_WINDOW_SECONDS = 2 ** 22;

export function bridgeOffset(key: number, second: number, volatilityPerSecond: number): number {
  const window = Math.floor(second / BRIDGE_WINDOW_SECONDS);
  const offset = second - window * BRIDGE_WINDOW_SECONDS;
  let low = 0;
  let high = BRIDGE_WINDOW_SECONDS;
  let lowValue = 0;
  let highValue = 0;
  let node = 1;
  while (high - low > 1) {
    const middle = (low + high) / 2;
    const spread = volatilityPerSecond * Math.sqrt((high - low) / 4);
    const middleValue = (lowValue + highValue) / 2 + spread * gaussianAt(key, window, node);
    if (offset < middle) {
      high = middle;
      highValue = middleValue;
      node *= 2;
    } else {
      low = middle;
      lowValue = middleValue;
      node = node * 2 + 1;
    }
  }
  return lowValue;
}
