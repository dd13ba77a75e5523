import { runMirrorTicks } from '../groups/mirroring/mirror-ticks';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';

/**
 * Master mirroring's poll (issue 5): every minute, ~1 s ticks for ~55 s while there are masters to
 * read, each tick reading every connected master's order book once and copying what is new to its
 * groups' children (functions/groups/mirroring). Ending before the next run starts keeps two runs
 * from reading the same books at once; the mirror records make it harmless when they do.
 */
const MIRROR_RUN_MS = 55_000;
const TICK_MS = 1_000;

export function handler(): Promise<{ ticks: number; masters: number }> {
  return runMirrorTicks({ runForMs: MIRROR_RUN_MS, tickMs: TICK_MS, log: createLogger({ worker: 'group-master-mirror' }, config().logLevel) });
}
