import { REFUND_STATE_LABELS, type RefundView } from '../../shared/contracts/payment-refunds';
import { rupeesFromPaise } from '../../shared/domain/money';
import type { StoredRefund } from '../data/payments/stored-refund';

/** A stored refund as the broker panel sees it. */
export function refundView(refund: StoredRefund): RefundView {
  return {
    refund_id: refund.refund_id,
    payment_id: refund.payment_id,
    merchant_refund_id: refund.merchant_refund_id,
    merchant_order_id: refund.merchant_order_id,
    user_id: refund.user_id,
    amount: rupeesFromPaise(refund.amount_paise),
    amount_paise: refund.amount_paise,
    state: refund.state,
    state_text: REFUND_STATE_LABELS[refund.state],
    reason: refund.reason,
    failure_reason: refund.failure_reason,
    requested_by: refund.requested_by,
    created_at: refund.createdAt,
    updated_at: refund.updatedAt,
    completed_at: refund.completed_at,
  };
}
