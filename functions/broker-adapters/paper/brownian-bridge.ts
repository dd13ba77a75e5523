/**
 * A random walk that can be read at any point in O(log n) without replaying its history: each window
 * of 2^23 units of market time (market-time.ts: about six weeks on the NSE clock, three and a half on
 * MCX's) is a Brownian bridge pinned to 0 at both ends and refined by midpoint displacement — the value
 * halfway between two known points is their mean plus a normal draw with the exact conditional
 * deviation σ·√(span/4), drawn from the node's own coordinates. Reading a point only walks the 23
 * nodes above it, and every process reads the same value.
 *
 * Simplification: because each window returns to 0, the walk mean-reverts to its reference level
 * every window (NIFTY's deviation at mid-window ≈ 2 %, a 28 %-volatility stock's ≈ 5 %), which keeps
 * prices near the reference table and the sample master's strikes around the money. Over a day the
 * pinning takes about 3 % off the walk's variance, over a week about 17 %.
 */
export const BRIDGE_WINDOW_UNITS = 2 ** 23;

const TWO_TO_32 = 4_294_967_296;

/** MurmurHash3's 32-bit finaliser. */
function mix(hash: number): number {
  let h = hash >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The standard normal draw of one node (Box–Muller over two uniforms hashed from the walk's key, the
 * window and the node). Written out without seeded-random's variadic helpers: the feed reads 23 nodes
 * per price on the order path, and this keeps a node to a few tens of nanoseconds.
 */
function nodeGaussian(key: number, window: number, node: number): number {
  const base = mix(mix(key ^ Math.imul(window | 0, 0x9e3779b1)) ^ Math.imul(node, 0x27d4eb2f));
  const first = (mix(base ^ 0x68e31da4) + 0.5) / TWO_TO_32;
  const second = (mix(base + 0x1b56c4e9) + 0.5) / TWO_TO_32;
  return Math.sqrt(-2 * Math.log(first)) * Math.cos(2 * Math.PI * second);
}

export function bridgeOffset(key: number, position: number, volatilityPerUnit: number): number {
  const window = Math.floor(position / BRIDGE_WINDOW_UNITS);
  const offset = position - window * BRIDGE_WINDOW_UNITS;
  let low = 0;
  let high = BRIDGE_WINDOW_UNITS;
  let lowValue = 0;
  let highValue = 0;
  let node = 1;
  while (high - low > 1) {
    const middle = (low + high) / 2;
    const spread = volatilityPerUnit * Math.sqrt((high - low) / 4);
    const middleValue = (lowValue + highValue) / 2 + spread * nodeGaussian(key, window, node);
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
