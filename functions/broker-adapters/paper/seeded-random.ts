/**
 * Deterministic randomness: every draw is a pure function of its coordinates (a string key and a few
 * integers), so any process, any Lambda, draws the same number for the same coordinates. No state.
 */

/** MurmurHash3's 32-bit finaliser: spreads every input bit over the whole word. */
function finalise(hash: number): number {
  let h = hash >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a string (FNV-1a, then finalised). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return finalise(hash);
}

/** A hash of a key and a list of integer coordinates. */
export function hashCoordinates(key: number, ...coordinates: readonly number[]): number {
  let hash = key >>> 0;
  for (const coordinate of coordinates) {
    hash = finalise((hash ^ Math.imul(coordinate | 0, 0x9e3779b1)) + 0x7f4a7c15 + Math.imul(hash, 0x27d4eb2f));
  }
  return hash;
}

/** A uniform draw in the open interval (0, 1). */
export function uniformAt(key: number, ...coordinates: readonly number[]): number {
  return (hashCoordinates(key, ...coordinates) + 0.5) / 4_294_967_296;
}

/** A standard normal draw (Box–Muller over two independent uniforms). */
export function gaussianAt(key: number, ...coordinates: readonly number[]): number {
  const radius = Math.sqrt(-2 * Math.log(uniformAt(key, ...coordinates, 1)));
  return radius * Math.cos(2 * Math.PI * uniformAt(key, ...coordinates, 2));
}
