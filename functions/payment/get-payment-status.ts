import { paymentContracts } from '../../shared/contracts/payments';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { paymentView } from '../payments/payment-view';
import { readPaymentStatus } from '../payments/read-payment';

/** One of the caller's payments, PhonePe asked first while it is pending (another user's id → 404). */
export const getPaymentStatusRoute = defineRoute(paymentContracts.getPaymentStatus, async ({ body, principal, scope }) => {
  const payment = await readPaymentStatus({ frchId: principal.frchId, userId: principal.userId }, body.payment_id, { now: clockNow, log: scope.log });
  const view = paymentView(payment);
  return { data: view, message: view.state_text };
});
