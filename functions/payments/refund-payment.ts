import { MIN_REFUND_PAISE } from '../../shared/contracts/payment-refunds';
import { findPaymentByMerchantOrder } from '../data/payments/payments-repository';
import { getRefund, listRefunds, refundRequestItems } from '../data/payments/refunds-repository';
import type { StoredPayment } from '../data/payments/stored-payment';
import { OPEN_REFUND_STATES, type StoredRefund } from '../data/payments/stored-refund';
import { BusinessRuleError, ConflictError, NotFoundError } from '../platform/errors';
import { moveWallet, NOT_ENOUGH_CREDIT_MESSAGE } from '../wallet/move-wallet';
import { followRefund, refundDebitKeyOf, sendRefund, type RefundContext } from './follow-refund';
import { merchantOrderIdOf } from './make-payment';
import { PAYMENT_NOT_FOUND_MESSAGE } from './read-payment';
import { STATUS_READ_MIN_INTERVAL_MS } from './payment-schedule';
import { rupeesText } from './payment-view';
import { PHONEPE_UNAVAILABLE_MESSAGE, type PhonePeSettings } from './phonepe-settings';
import type { PaymentProvider } from './provider/payment-provider';

export const NOT_REFUNDABLE_MESSAGE = 'Only a confirmed payment can be refunded.';
export const REFUND_OPEN_MESSAGE = 'A refund of this payment is still in progress; wait for it to finish.';
export const REFUND_CHANGED_MESSAGE = 'This payment changed meanwhile (another refund?). Refresh and try again.';
export const REFUND_NOT_COVERED_MESSAGE = "The user's wallet no longer holds this much credit (it was spent), so it cannot be refunded.";
/** After a debit, the first status check of a refund PhonePe did not answer for. */
const FIRST_REFUND_CHECK_MS = 60_000;

export interface RefundRequestContext extends Omit<RefundContext, 'provider'> {
  readonly settings: PhonePeSettings | null;
  readonly provider: (settings: PhonePeSettings) => PaymentProvider;
}

/** Who refunds: a broker-panel user of the franchise. */
export interface Refunder {
  readonly frchId: number;
  readonly userId: number;
}

/** A payment of the franchise by its id (another franchise's, or none: 404). */
async function franchisePayment(frchId: number, paymentId: string): Promise<StoredPayment> {
  const payment = await findPaymentByMerchantOrder(frchId, merchantOrderIdOf(paymentId));
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND_MESSAGE);
  return payment;
}

export const refundablePaiseOf = (payment: StoredPayment) => (payment.state === 'completed' ? payment.amount_paise - (payment.refunded_paise ?? 0) : 0);

function checkRefundable(payment: StoredPayment, amountPaise: number): void {
  if (payment.state !== 'completed') throw new ConflictError(NOT_REFUNDABLE_MESSAGE);
  const refundable = refundablePaiseOf(payment);
  if (amountPaise > refundable) throw new BusinessRuleError(refundable > 0 ? `At most ${rupeesText(refundable)} of this payment can still be refunded.` : 'This payment has been refunded in full.');
  if (amountPaise < MIN_REFUND_PAISE) throw new BusinessRuleError(`A refund must be at least ${rupeesText(MIN_REFUND_PAISE)}.`);
}

/**
 * Refunds (part of) a completed PhonePe payment of the franchise. The user's wallet is debited in ONE
 * transaction with the refund's record and the payment's refund counters (conditioned on the payment as
 * read: one refund at a time, never more than was paid), under the refund's own key; a wallet that no
 * longer holds the amount refuses it with nothing written. Only then is PhonePe asked; its answer (or,
 * without one, the schedule) settles the refund, and a failed refund gives the credit back.
 */
export async function refundPayment(refunder: Refunder, paymentId: string, amountPaise: number, reason: string, context: RefundRequestContext): Promise<StoredRefund> {
  const payment = await franchisePayment(refunder.frchId, paymentId);
  const { settings } = context;
  if (!settings?.clientSecret) throw new BusinessRuleError(PHONEPE_UNAVAILABLE_MESSAGE);
  checkRefundable(payment, amountPaise);
  const open = await listOpenRefund(payment);
  if (open) throw new ConflictError(REFUND_OPEN_MESSAGE);
  const number = (payment.refund_count ?? 0) + 1;
  const debitKey = refundDebitKeyOf(payment.payment_id, number);
  const now = context.now();
  const move = context.move ?? moveWallet;
  let answer;
  try {
    answer = await move(
      {
        owner: { frchId: payment.frch_id, userId: payment.user_id },
        direction: 'debit',
        amountPaise,
        reason: 'phonepe_refund',
        reference: { payment_id: payment.payment_id, merchant_order_id: payment.merchant_order_id, refund_id: `${payment.payment_id}-${number}` },
        description: `Refund of PhonePe payment ${payment.merchant_order_id} to the account it came from: ${reason}`.slice(0, 200),
        idempotencyKey: debitKey,
      },
      refundRequestItems({ payment, number, amountPaise, reason, requestedBy: refunder.userId, debitKey, firstCheckAt: new Date(now.getTime() + FIRST_REFUND_CHECK_MS) }, now),
    );
  } catch (error) {
    if (error instanceof BusinessRuleError && error.message === NOT_ENOUGH_CREDIT_MESSAGE) throw new BusinessRuleError(REFUND_NOT_COVERED_MESSAGE);
    throw error;
  }
  if (answer.kind === 'alongside-refused') throw new ConflictError(REFUND_CHANGED_MESSAGE);
  const refund = await getRefund({ frchId: payment.frch_id, userId: payment.user_id }, payment.payment_id, number);
  if (!refund) throw new Error(`refund ${payment.payment_id}-${number} missing after its debit`);
  context.log.info('refund requested', { refundId: refund.refund_id, amountPaise });
  return sendRefund(refund, { provider: context.provider(settings), now: context.now, log: context.log, ...(context.move ? { move: context.move } : {}) });
}

async function listOpenRefund(payment: StoredPayment): Promise<StoredRefund | undefined> {
  const refunds = await listRefunds({ frchId: payment.frch_id, userId: payment.user_id }, payment.payment_id);
  return refunds.find((refund) => OPEN_REFUND_STATES.includes(refund.state));
}

/**
 * A franchise payment's refunds and what may still be refunded. Refunds still open are asked at PhonePe
 * first (at most every few seconds each), so the broker panel sees them settle.
 */
export async function readPaymentRefunds(frchId: number, paymentId: string, context: RefundRequestContext): Promise<{ refunds: StoredRefund[]; refundablePaise: number }> {
  let payment = await franchisePayment(frchId, paymentId);
  const refunds = await listRefunds({ frchId: payment.frch_id, userId: payment.user_id }, payment.payment_id);
  const { settings } = context;
  const due = (refund: StoredRefund) => context.now().getTime() - Date.parse(refund.last_checked_at ?? refund.createdAt) >= STATUS_READ_MIN_INTERVAL_MS;
  if (settings?.clientSecret && refunds.some((refund) => OPEN_REFUND_STATES.includes(refund.state) && due(refund))) {
    const provider = context.provider(settings);
    for (const [index, refund] of refunds.entries()) {
      if (!OPEN_REFUND_STATES.includes(refund.state) || !due(refund)) continue;
      try {
        refunds[index] = await followRefund(refund, { provider, now: context.now, log: context.log, ...(context.move ? { move: context.move } : {}) });
      } catch (error) {
        context.log.warn('refund status not refreshed', { refundId: refund.refund_id, error });
      }
    }
    payment = await franchisePayment(frchId, paymentId);
  }
  return { refunds, refundablePaise: refundablePaiseOf(payment) };
}
