import { paymentContracts } from '../../shared/contracts/payments';
import { now as clockNow } from '../platform/clock';
import { definePublicRoute } from '../platform/http/route';
import { receivePhonePeWebhook } from '../payments/phonepe-webhook';

/** PhonePe's callback for a franchise: authorization checked, the order's status asked, credited once. */
export const phonePeWebhookRoute = definePublicRoute(paymentContracts.phonePeWebhook, async ({ body, params, scope }) => {
  const answer = await receivePhonePeWebhook(
    { frchId: params.frch_id, rawBody: body, authorization: scope.raw.headers.authorization, sourceIp: scope.sourceIp },
    { now: clockNow, log: scope.log },
  );
  return { data: { merchant_order_id: answer.merchantOrderId, state: answer.state }, message: 'Webhook received' };
});
