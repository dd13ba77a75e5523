import { setTimeout as sleep } from 'node:timers/promises';
import { listMirroredGroups, type MirroredGroupRef } from '../../data/groups/masters-index';
import type { Logger } from '../../platform/logger';
import { shutdownSignal } from '../../platform/shutdown';
import { mapBounded } from '../../platform/bounded';
import { mirrorMaster, type MasterStep, type MasterStepReport } from './mirror-master';

/**
 * The mirror schedule's run: ticks about a second apart, each finding the groups with a master through
 * the index and stepping every master account once (its book read once for all its groups). The run
 * ends early when a tick finds nothing to read (no masters, or outside polling hours), so a schedule
 * firing every minute costs one index read off-hours.
 */
export interface MirrorRun {
  /** No tick starts later than this after the run began. */
  readonly runForMs: number;
  readonly tickMs: number;
  readonly log: Logger;
}

/** How many master accounts are read at once in a tick: each mostly waits on its broker. */
const MASTERS_AT_ONCE = 16;

function stepsOf(refs: readonly MirroredGroupRef[]): MasterStep[] {
  const steps = new Map<string, { owner: MasterStep['owner']; accountId: string; grpIds: string[] }>();
  for (const ref of refs) {
    const key = `${ref.owner.frchId}#${ref.owner.userId}#${ref.masterAccountId}`;
    const step = steps.get(key) ?? { owner: ref.owner, accountId: ref.masterAccountId, grpIds: [] };
    step.grpIds.push(ref.grpId);
    steps.set(key, step);
  }
  return [...steps.values()];
}

async function tick(log: Logger): Promise<MasterStepReport[]> {
  const refs: MirroredGroupRef[] = [];
  for await (const ref of listMirroredGroups()) refs.push(ref);
  return mapBounded(stepsOf(refs), MASTERS_AT_ONCE, (step) =>
    mirrorMaster(step, log.child({ userId: step.owner.userId, frchId: step.owner.frchId }), { onlyInPollingHours: true }).catch((error: unknown) => {
      log.error('master not mirrored', { brokerId: step.accountId, error });
      // A master that could not be read still counts as work: the next tick tries it again.
      return { polled: true, groups: step.grpIds.length, failedGroups: step.grpIds };
    }),
  );
}

export async function runMirrorTicks(run: MirrorRun): Promise<{ ticks: number; masters: number }> {
  const runStarted = performance.now();
  const stopping = shutdownSignal();
  let ticks = 0;
  let masters = 0;
  for (;;) {
    const tickStarted = performance.now();
    const polled = (await tick(run.log)).filter((report) => report.polled).length;
    ticks += 1;
    masters += polled;
    const nextTickAt = tickStarted + run.tickMs;
    if (polled === 0 || stopping.aborted || nextTickAt - runStarted > run.runForMs) break;
    await sleep(Math.max(0, nextTickAt - performance.now()), undefined, { signal: stopping }).catch(() => undefined);
  }
  return { ticks, masters };
}
