import { CASHOUT_STATUS_LABELS, CASHOUT_TRANSITIONS, type CashoutStatus, type CashoutView } from '../../shared/contracts/referrals';
import { rupeesFromPaise } from '../../shared/domain/money';
import { getCashout, listFranchiseCashouts, transitionCashout } from '../data/referrals/referral-cashouts-repository';
import type { Logger } from '../platform/logger';
import { ConflictError, NotFoundError } from '../platform/errors';
import { notifyUser } from '../notifications/notify-user';
import { cashoutViews } from './cashout-view';

export const CASHOUT_NOT_FOUND_MESSAGE = 'Cash-out not found';

export function refusedMoveMessage(current: CashoutStatus, to: CashoutStatus): string {
  return `This cash-out is ${current} (${CASHOUT_STATUS_LABELS[current]}); it cannot move to ${to}.`;
}

/** Who decides: a broker-panel user, within its own franchise. */
export interface CashoutDecider {
  readonly frchId: number;
  readonly userId: number;
}

const NOTICES: Readonly<Record<'initiate' | 'completed' | 'rejected', (amount: string, reason: string | null) => string>> = {
  initiate: (amount) => `The payout of ${amount} from your referral earnings has been initiated.`,
  completed: (amount) => `The payout of ${amount} from your referral earnings is complete.`,
  rejected: (amount, reason) => `Your cash-out of ${amount} was rejected and returned to your referral earnings: ${reason ?? ''}`,
};

/**
 * Broker panel: moves a withdrawal of its franchise along pending → initiate → completed, or to rejected
 * (from pending or initiate, with a reason; the amount returns to the earnings in the same transaction).
 * Each move is conditioned on the state it starts from; any other move is a 409 naming the current state.
 */
export async function decideCashout(
  decider: CashoutDecider,
  target: { userId: number; cashoutId: string },
  to: 'initiate' | 'completed' | 'rejected',
  reason: string | null,
  now: Date,
  log: Logger,
): Promise<CashoutView> {
  const cashout = await getCashout(decider.frchId, target.userId, target.cashoutId);
  if (!cashout) throw new NotFoundError(CASHOUT_NOT_FOUND_MESSAGE);
  if (!CASHOUT_TRANSITIONS[cashout.status].includes(to)) throw new ConflictError(refusedMoveMessage(cashout.status, to));
  if (!(await transitionCashout(cashout, to, decider.userId, to === 'rejected' ? reason : null, now.toISOString()))) {
    const current = await getCashout(decider.frchId, target.userId, target.cashoutId);
    throw new ConflictError(refusedMoveMessage(current?.status ?? cashout.status, to));
  }
  const after = await getCashout(decider.frchId, target.userId, target.cashoutId);
  if (!after) throw new NotFoundError(CASHOUT_NOT_FOUND_MESSAGE);
  try {
    const message = NOTICES[to](`₹${rupeesFromPaise(after.amount_paise).toFixed(2)}`, reason);
    await notifyUser(after.frch_id, after.user_id, { notifyType: 'Referral Cash-out', message }, log);
  } catch (error) {
    log.warn('cash-out notification not stored', { cashoutId: after.cashout_id, error });
  }
  const [view] = await cashoutViews(decider.frchId, [after]);
  if (!view) throw new Error('cash-out view missing');
  return view;
}

/** The broker panel's list of the franchise's cash-outs, newest first, optionally in one status. */
export async function listFranchiseCashoutViews(
  frchId: number,
  status: CashoutStatus | undefined,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ items: CashoutView[]; next_cursor: string | null }> {
  const { items, nextCursor } = await listFranchiseCashouts(frchId, { status }, page);
  return { items: await cashoutViews(frchId, items), next_cursor: nextCursor };
}
