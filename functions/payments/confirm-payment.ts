import { closePayment, completionItem, notePaymentCheck, recordPaymentCheck } from '../data/payments/payment-transitions';
import { getPayment } from '../data/payments/payments-repository';
import { CREDITABLE_PAYMENT_STATES, OPEN_PAYMENT_STATES, type StoredPayment } from '../data/payments/stored-payment';
import type { Logger } from '../platform/logger';
import { notifyUser } from '../notifications/notify-user';
import { moveWallet, type WalletMover } from '../wallet/move-wallet';
import { announceEarning, referralItemsFor } from '../referral-rewards/referral-accrual';
import { raisePaymentAlert } from './payment-alerts';
import { decide } from './payment-decision';
import { nextCheckAt } from './payment-schedule';
import { rupeesText } from './payment-view';
import type { PhonePeSettings } from './phonepe-settings';
import { ProviderRejectedError, ProviderUnavailableError, type PaymentProvider, type ProviderOrderStatus } from './provider/payment-provider';

export interface ConfirmContext {
  readonly provider: PaymentProvider;
  readonly now: () => Date;
  readonly log: Logger;
  /**
   * Who asks: only the reconciliation schedule moves the back-off (and gives up after a day); a webhook
   * or a status read that settles nothing just notes the check.
   */
  readonly trigger: 'schedule' | 'webhook' | 'read';
  /** The wallet's mover (tests play several processes with their own). */
  readonly move?: WalletMover['move'];
}

/** What a webhook or a status read runs with: the clock, the log, and (tests) the gateway and the wallet's mover. */
export interface PaymentCheckContext {
  readonly now: () => Date;
  readonly log: Logger;
  /** The gateway of the franchise's settings (default: its PhonePe merchant). */
  readonly providerFor?: (settings: PhonePeSettings) => PaymentProvider;
  readonly move?: WalletMover['move'];
}

/** The one idempotency key of a payment's credit: every webhook, poll and status read names the same. */
export function creditKeyOf(payment: Pick<StoredPayment, 'payment_id'>): string {
  return `phonepe-payment#${payment.payment_id}`;
}

const ownerOf = (payment: StoredPayment) => ({ frchId: payment.frch_id, userId: payment.user_id });

async function reread(payment: StoredPayment): Promise<StoredPayment> {
  return (await getPayment(ownerOf(payment), payment.payment_id)) ?? payment;
}

/** A check that settled nothing: schedule the next, or stop after the give-up time (the broker panel is told). */
async function afterUnsettledCheck(payment: StoredPayment, providerState: string | null, context: ConfirmContext): Promise<void> {
  if (!OPEN_PAYMENT_STATES.includes(payment.state)) return;
  const now = context.now();
  if (context.trigger !== 'schedule') {
    await notePaymentCheck(payment, providerState, now);
    return;
  }
  if (now.getTime() < Date.parse(payment.give_up_at)) {
    await recordPaymentCheck(payment, providerState, nextCheckAt(payment.checks, now), now);
    return;
  }
  if (await closePayment(payment, 'expired', 'PhonePe did not confirm the payment in time.', providerState, now)) {
    const message = `PhonePe did not confirm payment ${payment.merchant_order_id} of ${rupeesText(payment.amount_paise)} (user ${payment.user_id}) in time; nothing was credited. A late confirmation still credits it.`;
    await raisePaymentAlert(payment.frch_id, { kind: 'not-confirmed', message, merchantOrderId: payment.merchant_order_id, paymentId: payment.payment_id, userId: payment.user_id }, 'always', now, context.log);
  }
}

/** The credit and the payment's move to `completed` in ONE transaction, under the payment's key. */
async function credit(payment: StoredPayment, providerState: string, context: ConfirmContext): Promise<void> {
  const move = context.move ?? moveWallet;
  const key = creditKeyOf(payment);
  const now = context.now();
  // The referrer's earning is written with the credit (one transaction), keyed by the payment.
  const referral = await referralItemsFor({ frchId: payment.frch_id, userId: payment.user_id, paymentId: payment.payment_id, amountPaise: payment.amount_paise, source: 'phonepe' }, now);
  const answer = await move(
    {
      owner: ownerOf(payment),
      direction: 'credit',
      amountPaise: payment.amount_paise,
      reason: 'phonepe_payment',
      reference: { payment_id: payment.payment_id, merchant_order_id: payment.merchant_order_id },
      description: `Credit added through PhonePe (${payment.merchant_order_id})`,
      idempotencyKey: key,
    },
    [completionItem(payment, providerState, key, now), ...referral.items],
  );
  if (answer.kind === 'moved') {
    context.log.info('payment credited', { paymentId: payment.payment_id, amountPaise: payment.amount_paise });
    await announceEarning(payment.frch_id, referral.earning, context.log);
    try {
      const message = `${rupeesText(payment.amount_paise)} added to your wallet (PhonePe payment ${payment.merchant_order_id}).`;
      await notifyUser(payment.frch_id, payment.user_id, { notifyType: 'Payment Confirmed', message }, context.log);
    } catch (error) {
      context.log.warn('payment notification not stored', { paymentId: payment.payment_id, error });
    }
    return;
  }
  if (answer.kind === 'replayed') return;
  // The payment was closed meanwhile without credit (failed or under review), yet PhonePe now says COMPLETED.
  const current = await reread(payment);
  if (current.state === 'completed') return;
  const message = `PhonePe reports payment ${payment.merchant_order_id} of ${rupeesText(payment.amount_paise)} (user ${payment.user_id}) as completed, but it was recorded as ${current.state}; nothing was credited.`;
  await raisePaymentAlert(payment.frch_id, { kind: 'state-conflict', message, merchantOrderId: payment.merchant_order_id, paymentId: payment.payment_id, userId: payment.user_id }, 'always', now, context.log);
}

/**
 * Asks PhonePe's order status (the source of truth) about a payment and acts on the answer: credit once
 * (COMPLETED, same amount), review (COMPLETED, another amount: nothing credited, the broker panel is
 * alerted once), close (FAILED, EXPIRED), or schedule the next check. Safe to run any number of times,
 * concurrently, from webhooks, status reads and the reconciliation: every move is conditioned on the
 * state it starts from, and the credit's key is the payment's. Answers the payment as stored afterwards.
 */
export async function confirmPayment(payment: StoredPayment, context: ConfirmContext): Promise<StoredPayment> {
  if (!CREDITABLE_PAYMENT_STATES.includes(payment.state)) return payment;
  let status: ProviderOrderStatus;
  try {
    status = await context.provider.orderStatus(payment.merchant_order_id);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError)) throw error;
    context.log.warn('payment status not answered', { paymentId: payment.payment_id, reason: error.message });
    await afterUnsettledCheck(payment, payment.provider_state, context);
    return reread(payment);
  }
  const decision = decide(payment, status);
  const now = context.now();
  if (decision.kind === 'credit') await credit(payment, decision.providerState, context);
  else if (decision.kind === 'close') await closePayment(payment, decision.to, decision.reason, decision.providerState, now);
  else if (decision.kind === 'wait') await afterUnsettledCheck(payment, decision.providerState, context);
  else if (await closePayment(payment, 'review', decision.reason, decision.providerState, now)) {
    const message = `Payment ${payment.merchant_order_id} (user ${payment.user_id}) needs a look: ${decision.reason} Nothing was credited.`;
    await raisePaymentAlert(payment.frch_id, { kind: 'amount-mismatch', message, merchantOrderId: payment.merchant_order_id, paymentId: payment.payment_id, userId: payment.user_id }, 'always', now, context.log);
  }
  return reread(payment);
}
