import type { SignalStatus } from '../../data/signals-repository';
import type { PlanOutcome } from './plan-outcome';

/**
 * A run's final status from its outcomes (issue 6): executed when every account that trades went
 * through (entered, waiting for its entry, or closed), partially_executed when some did and some did
 * not, failed when none did. Skipped accounts (trading off, below one lot) are reported but decide
 * nothing — unless every account was skipped, which placed nothing. An 'unknown' entry is not yet a
 * success: it counts against until reconciled, and a replay asks for that same order again, never a new one.
 */
const SUCCEEDED: ReadonlySet<PlanOutcome['outcome']> = new Set(['entered', 'waiting', 'exited', 'cancelled']);
const FELL_SHORT: ReadonlySet<PlanOutcome['outcome']> = new Set(['failed', 'unknown']);

export interface FinalStatus {
  readonly status: Extract<SignalStatus, 'executed' | 'partially_executed' | 'failed'>;
  readonly reason: string | null;
}

function who(outcome: PlanOutcome): string {
  return outcome.brokerId === null ? `plan ${outcome.planId}` : `account ${outcome.brokerId}`;
}

export function finalStatusOf(outcomes: readonly PlanOutcome[]): FinalStatus {
  const succeeded = outcomes.filter((outcome) => SUCCEEDED.has(outcome.outcome));
  const short = outcomes.filter((outcome) => FELL_SHORT.has(outcome.outcome));
  const [firstShort] = short;
  if (firstShort === undefined) {
    const [firstSkipped] = outcomes;
    if (succeeded.length === 0 && firstSkipped !== undefined) return { status: 'failed', reason: `No account traded: ${firstSkipped.reason ?? 'skipped'}` };
    return { status: 'executed', reason: outcomes.length === 0 ? 'Nothing to place or close' : null };
  }
  const firstReason = `${who(firstShort)}: ${firstShort.outcome === 'unknown' ? 'outcome unknown, being reconciled' : (firstShort.reason ?? firstShort.outcome)}`;
  if (succeeded.length === 0) return { status: 'failed', reason: short.length === 1 ? firstReason : `${short.length} did not go through; ${firstReason}` };
  return { status: 'partially_executed', reason: `${short.length} of ${short.length + succeeded.length} did not go through; ${firstReason}` };
}
