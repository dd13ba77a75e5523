import { paymentRefundContracts } from '../../shared/contracts/payment-refunds';
import { paiseFromRupees } from '../../shared/domain/money';
import { now as clockNow } from '../platform/clock';
import { ValidationError } from '../platform/errors';
import { defineRoute } from '../platform/http/route';
import { refundPayment } from '../payments/refund-payment';
import { refundView } from '../payments/refund-view';
import { loadPhonePeSettings, phonePeProviderFor } from '../payments/phonepe-settings';

const MESSAGES = {
  requested: 'Refund requested. PhonePe has not confirmed it yet; it is followed until it ends.',
  pending: 'Refund sent to PhonePe.',
  completed: 'Refunded.',
  failed: 'PhonePe did not take the refund; the credit is back in the wallet.',
} as const;

/** Broker panel: refunds a completed PhonePe payment of the franchise (the wallet is debited first). */
export const refundPaymentRoute = defineRoute(paymentRefundContracts.refundPayment, async ({ body, principal, scope }) => {
  const amountPaise = paiseFromRupees(body.amount);
  if (amountPaise === null) throw new ValidationError([{ path: 'amount', message: 'Amounts are whole paise (at most two decimals).' }]);
  const refund = await refundPayment({ frchId: principal.frchId, userId: principal.userId }, body.payment_id, amountPaise, body.reason, {
    settings: await loadPhonePeSettings(principal.frchId),
    provider: phonePeProviderFor,
    now: clockNow,
    log: scope.log,
  });
  return { data: refundView(refund), message: MESSAGES[refund.state] };
});
