import { getPayment, listPayments } from '../data/payments/payments-repository';
import type { PaymentOwner } from '../data/payments/payment-keys';
import { OPEN_PAYMENT_STATES, type StoredPayment } from '../data/payments/stored-payment';
import { NotFoundError } from '../platform/errors';
import { confirmPayment, type PaymentCheckContext } from './confirm-payment';
import { STATUS_READ_MIN_INTERVAL_MS } from './payment-schedule';
import { loadPhonePeSettings, phonePeProviderFor } from './phonepe-settings';

export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';

/**
 * One of the owner's payments (another user's id is not found). While it is open, PhonePe's order status
 * is asked first — at most every few seconds per payment — through the same credit rule as the webhook;
 * if PhonePe cannot be asked, the stored state is answered.
 */
export async function readPaymentStatus(owner: PaymentOwner, paymentId: string, context: PaymentCheckContext): Promise<StoredPayment> {
  const payment = await getPayment(owner, paymentId);
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND_MESSAGE);
  if (!OPEN_PAYMENT_STATES.includes(payment.state)) return payment;
  const lastChecked = payment.last_checked_at ? Date.parse(payment.last_checked_at) : Number.NEGATIVE_INFINITY;
  if (context.now().getTime() - lastChecked < STATUS_READ_MIN_INTERVAL_MS) return payment;
  try {
    const settings = await loadPhonePeSettings(owner.frchId);
    if (!settings?.clientSecret) return payment;
    const provider = (context.providerFor ?? phonePeProviderFor)(settings);
    return await confirmPayment(payment, { provider, now: context.now, log: context.log, trigger: 'read', ...(context.move ? { move: context.move } : {}) });
  } catch (error) {
    context.log.warn('payment status not refreshed', { paymentId, error });
    return payment;
  }
}

export function readPayments(owner: PaymentOwner, page: { limit: number; cursor?: string | undefined }) {
  return listPayments(owner, page);
}
