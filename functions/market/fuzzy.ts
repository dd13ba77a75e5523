/**
 * Typo distance (optimal string alignment: insertions, deletions, substitutions and swaps of two
 * neighbours), giving up as soon as it must exceed `limit`. Returns limit + 1 when it does.
 */
export function typoDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? limit + 1, limit + 1);
}

/** How many typos a query of this length may carry: none below 4 letters, one up to 7, two from 8. */
export function typoAllowance(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** True when `query` is a typo'd form of `target` or of its start ("RELAINCE" ~ RELIANCE, "BNKNIF" ~ BANKNIFTY). */
export function isNearMatch(query: string, target: string): boolean {
  const allowance = typoAllowance(query.length);
  if (allowance === 0) return false;
  if (typoDistance(query, target, allowance) <= allowance) return true;
  return target.length > query.length && typoDistance(query, target.slice(0, query.length), allowance) <= allowance;
}
