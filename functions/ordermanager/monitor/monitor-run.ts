import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../platform/logger';
import type { CandleBook } from './candle-book';
import { runMonitorTick } from './monitor-tick';

/**
 * The position monitor schedule's run (DESIGN.md §5 "every second during market hours"): ticks about
 * a second apart for up to `runForMs`, ending early when a tick finds nothing to watch (no watched
 * position, or none whose exchange trades now), so a schedule firing every minute costs one index
 * read off-hours.
 */
export interface MonitorRun {
  /** No tick starts later than this after the run began. */
  readonly runForMs: number;
  readonly tickMs: number;
  readonly log: Logger;
  readonly candles: CandleBook;
}

export async function runPositionMonitor(run: MonitorRun): Promise<{ ticks: number }> {
  const runStarted = Date.now();
  let ticks = 0;
  for (;;) {
    const tickStarted = Date.now();
    let active = 0;
    try {
      active = (await runMonitorTick({ log: run.log, candles: run.candles })).activeGroups;
    } catch (error) {
      // The index or a group could not be read: the next tick tries again.
      run.log.error('position monitor tick failed', { error });
      active = 1;
    }
    ticks += 1;
    const nextTickAt = tickStarted + run.tickMs;
    if (active === 0 || nextTickAt - runStarted > run.runForMs) break;
    await sleep(Math.max(0, nextTickAt - Date.now()));
  }
  return { ticks };
}
