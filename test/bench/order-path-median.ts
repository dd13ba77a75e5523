import type { OrderPathRun } from './order-path-runs';
import type { UnitFigure } from './order-path-units';

/** The median of each issue-22 figure over the `BENCH_ONLY=order-path` runs of one commit. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The median of each figure over the runs given, matched by name (a name that carries a run's own
 * value, e.g. the parallel floor, falls back to the same position), and how many runs met its target.
 */
export function medianOfRuns(runs: readonly OrderPathRun[]): { floorUnitMs: number; rows: Record<string, string | number>[] } {
  const latest = runs.at(-1);
  if (!latest) return { floorUnitMs: 0, rows: [] };
  const floorUnitMs = round(median(runs.map((run) => run.orderPathUnits.floorUnitMs)));
  const rows = latest.orderPathUnits.figures.map((figure, index) => {
    const same = runs.map((run) => run.orderPathUnits.figures.find((other) => other.name === figure.name) ?? run.orderPathUnits.figures[index]).filter((other): other is UnitFigure => other !== undefined);
    const of = (pick: (other: UnitFigure) => number | null | undefined) => {
      const values = same.map(pick).filter((value): value is number => typeof value === 'number');
      return values.length > 0 ? round(median(values)) : '';
    };
    const oks = same.filter((other) => other.ok !== null);
    return {
      figure: figure.name,
      'median ms': of((other) => other.ms),
      'median units': of((other) => other.units),
      'median count': of((other) => other.count),
      target: figure.target,
      'runs ok': oks.length === 0 ? '' : `${oks.filter((other) => other.ok).length}/${oks.length}`,
    };
  });
  return { floorUnitMs, rows };
}

export function printMedianOfRuns(runs: readonly OrderPathRun[]): void {
  const { floorUnitMs, rows } = medianOfRuns(runs);
  console.log(`\nMedian over ${runs.length} run(s) of commit ${runs.at(-1)?.commit ?? '?'} in bench/order-path-runs.json (median floor unit ${floorUnitMs} ms)`);
  console.table(rows);
}
