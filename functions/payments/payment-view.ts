import { PAYMENT_STATE_LABELS, type PaymentState, type PaymentView } from '../../shared/contracts/payments';
import { rupeesFromPaise } from '../../shared/domain/money';
import type { StoredPayment } from '../data/payments/stored-payment';

/** A stored payment as the trader sees it (`created` — not at PhonePe yet — is pending too). */
export function paymentStateOf(payment: StoredPayment): PaymentState {
  return payment.state === 'created' ? 'pending' : payment.state;
}

export function paymentView(payment: StoredPayment): PaymentView {
  const state = paymentStateOf(payment);
  return {
    payment_id: payment.payment_id,
    merchant_order_id: payment.merchant_order_id,
    payment_api: payment.method,
    amount: rupeesFromPaise(payment.amount_paise),
    amount_paise: payment.amount_paise,
    state,
    state_text: PAYMENT_STATE_LABELS[state],
    failure_reason: payment.failure_reason,
    created_at: payment.createdAt,
    updated_at: payment.updatedAt,
    credited_at: payment.credited_at,
    refunded_paise: payment.refunded_paise ?? 0,
  };
}

/** ₹1,234.50 (Indian grouping), for messages. */
export function rupeesText(paise: number): string {
  return `₹${rupeesFromPaise(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
