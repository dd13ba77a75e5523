import { getRefund, markRefundAccepted, recordRefundCheck, refundCompletionItems, refundFailureItems } from '../data/payments/refunds-repository';
import { OPEN_REFUND_STATES, type StoredRefund } from '../data/payments/stored-refund';
import { transactIfConditionsHold } from '../data/table';
import type { Logger } from '../platform/logger';
import { notifyUser } from '../notifications/notify-user';
import { moveWallet, type WalletMover } from '../wallet/move-wallet';
import { raisePaymentAlert } from './payment-alerts';
import { nextCheckAt } from './payment-schedule';
import { rupeesText } from './payment-view';
import { ProviderRejectedError, ProviderUnavailableError, type PaymentProvider, type ProviderRefund } from './provider/payment-provider';

export interface RefundContext {
  readonly provider: PaymentProvider;
  readonly now: () => Date;
  readonly log: Logger;
  readonly move?: WalletMover['move'];
}

/** The one idempotency key of a refund's debit, and of the credit that gives it back if PhonePe fails it. */
export const refundDebitKeyOf = (paymentId: string, number: number) => `phonepe-refund#${paymentId}:${number}`;
const reversalKeyOf = (refund: StoredRefund) => `phonepe-refund-back#${refund.payment_id}:${refund.number}`;

const ownerOf = (refund: StoredRefund) => ({ frchId: refund.frch_id, userId: refund.user_id });

async function reread(refund: StoredRefund): Promise<StoredRefund> {
  return (await getRefund(ownerOf(refund), refund.payment_id, refund.number)) ?? refund;
}

async function tell(refund: StoredRefund, message: string, log: Logger): Promise<void> {
  try {
    await notifyUser(refund.frch_id, refund.user_id, { notifyType: 'Payment Refund', message }, log);
  } catch (error) {
    log.warn('refund notification not stored', { refundId: refund.refund_id, error });
  }
}

/** PhonePe paid the refund back: the refund and the payment's open mark close together, once. */
async function complete(refund: StoredRefund, providerState: string, context: RefundContext): Promise<void> {
  if (!(await transactIfConditionsHold(refundCompletionItems(refund, providerState, context.now())))) return;
  context.log.info('refund completed', { refundId: refund.refund_id, amountPaise: refund.amount_paise });
  await tell(refund, `${rupeesText(refund.amount_paise)} of PhonePe payment ${refund.merchant_order_id} was refunded to the account you paid from.`, context.log);
}

/**
 * PhonePe refused or failed the refund: the credit the refund took goes back to the wallet in ONE
 * transaction with the refund's move to `failed` (under the refund's own key: once, whoever sees it first),
 * and the broker panel is alerted.
 */
export async function failRefund(refund: StoredRefund, reason: string, providerState: string | null, context: RefundContext): Promise<void> {
  const move = context.move ?? moveWallet;
  const now = context.now();
  const answer = await move(
    {
      owner: ownerOf(refund),
      direction: 'credit',
      amountPaise: refund.amount_paise,
      reason: 'phonepe_refund_reversal',
      reference: { payment_id: refund.payment_id, refund_id: refund.refund_id },
      description: `PhonePe refund of ${refund.merchant_order_id} did not go through; the credit is back`,
      idempotencyKey: reversalKeyOf(refund),
    },
    refundFailureItems(refund, reason, providerState, now),
  );
  if (answer.kind !== 'moved') return;
  context.log.warn('refund failed, credit returned', { refundId: refund.refund_id, amountPaise: refund.amount_paise });
  await tell(refund, `The refund of ${rupeesText(refund.amount_paise)} for PhonePe payment ${refund.merchant_order_id} did not go through; the credit is back in your wallet.`, context.log);
  const message = `The refund of ${rupeesText(refund.amount_paise)} for payment ${refund.merchant_order_id} (user ${refund.user_id}) failed: ${reason} The credit was returned to the user's wallet.`;
  await raisePaymentAlert(refund.frch_id, { kind: 'refund-failed', message, merchantOrderId: refund.merchant_order_id, paymentId: refund.payment_id, userId: refund.user_id }, 'always', now, context.log);
}

/** What PhonePe's answer about a refund (its request or its status) means for it. */
async function actOn(refund: StoredRefund, answer: ProviderRefund, context: RefundContext): Promise<void> {
  const state = answer.state.toUpperCase();
  if (state === 'COMPLETED') return complete(refund, state, context);
  if (state === 'FAILED') return failRefund(refund, 'PhonePe could not complete the refund.', state, context);
  if (refund.state === 'requested') await markRefundAccepted(refund, answer.refundId, state, context.now());
}

/** A check that settled nothing: the next one is scheduled with back-off (refunds can take days; there is no giving up). */
async function waitMore(refund: StoredRefund, providerState: string | null, context: RefundContext): Promise<void> {
  const now = context.now();
  await recordRefundCheck(await reread(refund), providerState, nextCheckAt(refund.checks, now), now);
}

/**
 * Asks PhonePe to refund (the request after the debit, or again when PhonePe has no record of a refund it
 * never took — the same merchant refund id, so never twice). A refusal fails the refund and gives the
 * credit back; no answer leaves it `requested` for the schedule, which asks its status before anything else.
 */
export async function sendRefund(refund: StoredRefund, context: RefundContext): Promise<StoredRefund> {
  try {
    const answer = await context.provider.refund({ merchantRefundId: refund.merchant_refund_id, merchantOrderId: refund.merchant_order_id, amountPaise: refund.amount_paise });
    await actOn(refund, answer, context);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      context.log.warn('refund request not answered', { refundId: refund.refund_id, reason: error.message });
    } else if (error instanceof ProviderRejectedError && error.status === 409) {
      // PhonePe already has this merchant refund id (an earlier attempt got through): its status decides.
      return followRefund(refund, context);
    } else if (error instanceof ProviderRejectedError) {
      await failRefund(refund, `PhonePe refused the refund (${error.code}: ${error.message.slice(0, 120)}).`, null, context);
    } else {
      throw error;
    }
  }
  return reread(refund);
}

/**
 * Asks PhonePe's refund status (the source of truth) and settles the refund: COMPLETED closes it, FAILED
 * gives the credit back, anything else waits with back-off. Safe any number of times, concurrently, from
 * webhooks, the schedule and the broker panel's reads: every move is conditioned on the state it leaves.
 */
export async function followRefund(refund: StoredRefund, context: RefundContext): Promise<StoredRefund> {
  if (!OPEN_REFUND_STATES.includes(refund.state)) return refund;
  try {
    const status = await context.provider.refundStatus(refund.merchant_refund_id);
    if (!status.found) {
      if (refund.state === 'requested') return await sendRefund(refund, context);
      await waitMore(refund, refund.provider_state, context);
    } else {
      await actOn(refund, status, context);
      const after = await reread(refund);
      if (OPEN_REFUND_STATES.includes(after.state)) await waitMore(after, status.state.toUpperCase(), context);
    }
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError)) throw error;
    context.log.warn('refund status not answered', { refundId: refund.refund_id, reason: error.message });
    await waitMore(refund, refund.provider_state, context);
  }
  return reread(refund);
}
