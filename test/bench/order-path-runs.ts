import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../infra/local/spa-build';
import type { OrderPathUnits } from './order-path-units';

/**
 * `BENCH_ONLY=order-path` runs are noisy on a shared machine, so each run is appended to
 * bench/order-path-runs.json and judged by the median of the runs of the same commit.
 */
export interface OrderPathRun {
  readonly measuredAt: string;
  readonly commit: string;
  readonly orderPathUnits: OrderPathUnits;
}

const RUNS_FILE = join(REPO_ROOT, 'bench', 'order-path-runs.json');

function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Appends this run to the file; answers every run of the same commit, this one included. */
export function appendOrderPathRun(orderPathUnits: OrderPathUnits): OrderPathRun[] {
  const runs: OrderPathRun[] = existsSync(RUNS_FILE) ? (JSON.parse(readFileSync(RUNS_FILE, 'utf8')) as OrderPathRun[]) : [];
  const run: OrderPathRun = { measuredAt: new Date().toISOString(), commit: currentCommit(), orderPathUnits };
  runs.push(run);
  mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
  writeFileSync(RUNS_FILE, `${JSON.stringify(runs, null, 2)}\n`);
  return runs.filter((earlier) => earlier.commit === run.commit);
}
