import type { StoredPayment } from '../data/payments/stored-payment';
import type { ProviderOrderStatus } from './provider/payment-provider';
import { rupeesText } from './payment-view';

/** What one answer of PhonePe's order status means for a payment. */
export type PaymentDecision =
  | { readonly kind: 'credit'; readonly providerState: string }
  | { readonly kind: 'close'; readonly to: 'failed' | 'expired'; readonly reason: string; readonly providerState: string | null }
  | { readonly kind: 'review'; readonly reason: string; readonly providerState: string }
  | { readonly kind: 'wait'; readonly providerState: string | null };

/**
 * The credit rule: only COMPLETED for the same amount (and, when PhonePe names it, the same merchant
 * order) credits; COMPLETED for anything else goes to review and credits nothing; FAILED and EXPIRED end
 * the payment; any other word (PENDING, CREATED, an unknown one) waits. An order PhonePe does not know
 * ends a payment PhonePe never took (`created`), and is waited on otherwise.
 */
export function decide(payment: StoredPayment, status: ProviderOrderStatus): PaymentDecision {
  if (!status.found) {
    return payment.state === 'created'
      ? { kind: 'close', to: 'failed', reason: 'PhonePe has no record of this payment.', providerState: null }
      : { kind: 'wait', providerState: payment.provider_state };
  }
  const state = status.state.toUpperCase();
  if (state === 'COMPLETED') {
    if (status.merchantOrderId !== null && status.merchantOrderId !== payment.merchant_order_id) {
      return { kind: 'review', reason: `PhonePe answered for another order (${status.merchantOrderId.slice(0, 63)}).`, providerState: state };
    }
    if (status.amountPaise !== payment.amount_paise) {
      const reported = status.amountPaise === null ? 'no amount' : rupeesText(status.amountPaise);
      return { kind: 'review', reason: `PhonePe reported ${reported} for a payment of ${rupeesText(payment.amount_paise)}.`, providerState: state };
    }
    return { kind: 'credit', providerState: state };
  }
  if (state === 'FAILED') {
    const code = [status.errorCode, status.detailedErrorCode].filter(Boolean).join(' / ');
    return { kind: 'close', to: 'failed', reason: code ? `The payment did not go through (${code}).` : 'The payment did not go through.', providerState: state };
  }
  if (state === 'EXPIRED') return { kind: 'close', to: 'expired', reason: 'The payment was not completed in time.', providerState: state };
  return { kind: 'wait', providerState: state };
}
