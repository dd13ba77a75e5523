/**
 * Maps `items` through `work` with at most `limit` calls running at once, answers in the items' order.
 * A rejected call rejects the whole map, so `work` should answer its own failures.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}

/** `work`'s answer, or `onTimeout`'s when it takes longer than `ms` (the late answer is ignored). */
export async function withinTime<R>(ms: number, work: Promise<R>, onTimeout: () => R): Promise<R> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<R>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
