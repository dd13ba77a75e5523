import { setTimeout as sleep } from 'node:timers/promises';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { shutdownSignal } from '../../platform/shutdown';
import type { CandleBook } from './candle-book';
import { runMonitorTick } from './monitor-tick';

/**
 * The position monitor schedule's run (DESIGN.md §5 "every second during market hours"): ticks about
 * a second apart for up to `runForMs`. Inside the trading window (or with the paper exchange always
 * open) it keeps ticking when nothing is watched yet, so a position entered mid-run is watched within
 * a second, not at the next run; outside it, a tick that finds nothing to act on ends the run, so a
 * schedule firing every minute costs one index read off-hours.
 */
export interface MonitorRun {
  /** No tick starts later than this after the run began. */
  readonly runForMs: number;
  readonly tickMs: number;
  readonly log: Logger;
  readonly candles: CandleBook;
  /** Whether positions could become active now (trading window, or the paper exchange always open). */
  readonly marketMayTrade: (at: Date) => boolean;
  /** One tick: the monitor's own unless a test names another. */
  readonly tick?: typeof runMonitorTick;
}

export async function runPositionMonitor(run: MonitorRun): Promise<{ ticks: number }> {
  const runStarted = performance.now();
  const stopping = shutdownSignal();
  let ticks = 0;
  for (;;) {
    const tickStarted = performance.now();
    let active = 0;
    try {
      active = (await (run.tick ?? runMonitorTick)({ log: run.log, candles: run.candles })).activeGroups;
    } catch (error) {
      // The index or a group could not be read: the next tick tries again.
      run.log.error('position monitor tick failed', { error });
      active = 1;
    }
    ticks += 1;
    const nextTickAt = tickStarted + run.tickMs;
    const idleMayEnd = active === 0 && !run.marketMayTrade(clockNow());
    if (idleMayEnd || stopping.aborted || nextTickAt - runStarted > run.runForMs) break;
    await sleep(Math.max(0, nextTickAt - performance.now()), undefined, { signal: stopping }).catch(() => undefined);
  }
  return { ticks };
}
