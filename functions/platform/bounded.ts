/**
 * Runs `work` over every item with at most `limit` running at once, answering the results in the
 * items' order. A fan-out to many accounts overlaps their round trips this way without opening a
 * connection (or a broker session) per account all at once; each account still waits for its own
 * rate limit inside the order path.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
