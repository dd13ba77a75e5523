import type { PlaceOutcome } from '../broker-adapter';
import { AmbiguousOutcomeError, BrokerRejectedError } from './broker-errors';

/**
 * Turns a failed place call into the port's outcome: a broker refusal is 'rejected', an ambiguous
 * write is 'unknown' (to be reconciled by tag). Everything else — session expired, rate limited,
 * unavailable before sending — provably placed nothing and is rethrown for the order path to mark failed.
 */
export function placeOutcomeOf(error: unknown): PlaceOutcome {
  if (error instanceof BrokerRejectedError) return { kind: 'rejected', reason: error.message };
  if (error instanceof AmbiguousOutcomeError) return { kind: 'unknown', reason: error.message };
  throw error;
}
