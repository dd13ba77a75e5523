import type { SignalResult } from '../../data/signals-repository';

/**
 * How one plan (or one closing) fared on one account: entered (its entry order went through), waiting
 * (an LTP / CANDLE entry the position monitor will make), exited / cancelled (a position closed first),
 * failed (nothing placed, with why), unknown (sent, the broker's answer unclear: reconciled by its tag,
 * never resent) or skipped (this account trades nothing now, with why). `brokerId` is null when the
 * plan never reached an account (its group is gone, its contract not found).
 */
export interface PlanOutcome {
  readonly planId: string;
  readonly brokerId: string | null;
  readonly opId: string | null;
  readonly outcome: SignalResult['outcome'];
  readonly reason: string | null;
  readonly orderId: string | null;
}

export function toSignalResult(outcome: PlanOutcome): SignalResult {
  return { plan_id: outcome.planId, broker_id: outcome.brokerId, op_id: outcome.opId, outcome: outcome.outcome, reason: outcome.reason, order_id: outcome.orderId };
}
