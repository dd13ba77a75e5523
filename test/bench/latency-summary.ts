/** Nearest-rank percentile of an ascending list (0 for an empty one). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface LatencySummary {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** p50 / p99 / max of a set of timings, in milliseconds. */
export function summariseLatency(timingsMs: readonly number[]): LatencySummary {
  const sorted = [...timingsMs].sort((a, b) => a - b);
  return { samples: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) ?? 0 };
}
