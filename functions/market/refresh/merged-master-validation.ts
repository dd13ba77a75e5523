import type { Instrument } from '../../../shared/domain/instruments';
import { masterProblems, type MasterRules } from '../master-validation';

/** A day's master may shrink (contracts expire) but never lose half an exchange overnight. */
export const MIN_SHARE_OF_PREVIOUS_ROWS = 0.5;

function countByExchange(rows: readonly Instrument[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.exchange, (counts.get(row.exchange) ?? 0) + 1);
  return counts;
}

/** Exchanges with fewer than half of the previous day's rows: a truncated or partial file, not a new day. */
function shrinkProblems(rows: readonly Instrument[], previous: readonly Instrument[]): string[] {
  const now = countByExchange(rows);
  return [...countByExchange(previous)].flatMap(([exchange, before]) => {
    const after = now.get(exchange) ?? 0;
    return after < before * MIN_SHARE_OF_PREVIOUS_ROWS ? [`${exchange} has ${after} rows, fewer than half of the previous day's ${before}`] : [];
  });
}

/** Problems of a merged master before it may replace the stored one; empty when it is good. */
export function mergedMasterProblems(rows: readonly Instrument[], previous: readonly Instrument[] | null, rules: MasterRules): string[] {
  return [...(previous ? shrinkProblems(rows, previous) : []), ...masterProblems(rows, rules)];
}
