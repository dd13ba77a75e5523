import * as z from 'zod';
import { findPaymentByMerchantOrder } from '../data/payments/payments-repository';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../platform/errors';
import { getRefund, refundRefOf } from '../data/payments/refunds-repository';
import { confirmPayment, type PaymentCheckContext } from './confirm-payment';
import { followRefund } from './follow-refund';
import { raisePaymentAlert } from './payment-alerts';
import { paymentStateOf } from './payment-view';
import { isPhonePeWebhookAuthorized } from './phonepe/phonepe-webhook-auth';
import { loadPhonePeSettings, phonePeProviderFor } from './phonepe-settings';

export const WEBHOOK_NOT_SET_UP_MESSAGE = 'PhonePe is not set up for this franchise.';
export const WEBHOOK_UNAUTHORIZED_MESSAGE = 'The webhook authorization is not valid.';
export const WEBHOOK_MALFORMED_MESSAGE = 'The webhook body is not a PhonePe payment event.';
export const WEBHOOK_UNKNOWN_ORDER_MESSAGE = 'No payment has this merchant order id.';
export const WEBHOOK_UNKNOWN_REFUND_MESSAGE = 'No refund has this merchant refund id.';

/** Order ids as PhonePe allows them (≤ 63 of [A-Za-z0-9_-]). */
const orderIdField = z.string().regex(/^[A-Za-z0-9_-]{1,63}$/);

/** What we read of a callback (reference §1.6): `event` (or the older `type`) and the payload's order id. Nothing else is trusted. */
const webhookBodySchema = z
  .object({
    event: z.string().max(100).optional(),
    type: z.string().max(100).optional(),
    payload: z
      .object({ merchantOrderId: orderIdField.optional(), originalMerchantOrderId: orderIdField.optional(), merchantRefundId: orderIdField.optional(), state: z.string().max(40).optional() })
      .loose(),
  })
  .loose()
  .refine((body) => body.event ?? body.type, 'no event');

export interface WebhookCall {
  readonly frchId: number;
  readonly rawBody: string;
  readonly authorization: string | undefined;
  readonly sourceIp: string;
}

function parseBody(rawBody: string): z.infer<typeof webhookBodySchema> | null {
  try {
    const parsed = webhookBodySchema.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const isRefundEvent = (body: z.infer<typeof webhookBodySchema>) => /refund/i.test(body.event ?? body.type ?? '');

/**
 * A PhonePe callback for the franchise. Checks `Authorization` (constant time) against the franchise's
 * webhook username and password; reads only which order it is about; asks PhonePe's order status and
 * credits by the one rule (`confirmPayment`). Duplicates and any order of arrival are expected: every
 * call ends in the same state. A refused call (authorization, body, unknown order) credits nothing and
 * leaves an alert for the broker panel. A refund event is handled the same way: the refund it names is
 * asked about at PhonePe (`followRefund`) and settled by its status, never by the body.
 */
export async function receivePhonePeWebhook(call: WebhookCall, context: PaymentCheckContext): Promise<{ merchantOrderId: string; state: string }> {
  const settings = await loadPhonePeSettings(call.frchId);
  if (!settings?.webhookPassword || !settings.clientSecret) throw new NotFoundError(WEBHOOK_NOT_SET_UP_MESSAGE);
  const alert = (kind: 'webhook-unauthorized' | 'webhook-malformed' | 'webhook-unknown-order', message: string, merchantOrderId: string | null = null) =>
    raisePaymentAlert(call.frchId, { kind, message, merchantOrderId, sourceIp: call.sourceIp }, 'hourly', context.now(), context.log);

  if (!isPhonePeWebhookAuthorized(call.authorization, settings.webhookUsername, settings.webhookPassword)) {
    await alert('webhook-unauthorized', `A PhonePe webhook from ${call.sourceIp} was refused: ${call.authorization ? 'wrong' : 'missing'} authorization. Nothing was credited.`);
    throw new UnauthorizedError(WEBHOOK_UNAUTHORIZED_MESSAGE);
  }
  const body = parseBody(call.rawBody);
  const merchantOrderId = body ? (isRefundEvent(body) ? body.payload.originalMerchantOrderId : body.payload.merchantOrderId) : undefined;
  if (!body || !merchantOrderId) {
    await alert('webhook-malformed', `A PhonePe webhook from ${call.sourceIp} was refused: its body is not a payment event. Nothing was credited.`);
    throw new BadRequestError(WEBHOOK_MALFORMED_MESSAGE);
  }
  const payment = await findPaymentByMerchantOrder(call.frchId, merchantOrderId);
  if (!payment) {
    await alert('webhook-unknown-order', `A PhonePe webhook named order ${merchantOrderId}, which no payment has. Nothing was credited.`, merchantOrderId);
    throw new NotFoundError(WEBHOOK_UNKNOWN_ORDER_MESSAGE);
  }
  const provider = (context.providerFor ?? phonePeProviderFor)(settings);
  if (isRefundEvent(body)) {
    const ref = refundRefOf(body.payload.merchantRefundId ?? '');
    const refund = ref?.paymentId === payment.payment_id ? await getRefund({ frchId: payment.frch_id, userId: payment.user_id }, ref.paymentId, ref.number) : null;
    if (!refund) {
      await alert('webhook-unknown-order', `A PhonePe refund webhook for order ${merchantOrderId} named a refund we do not have. Nothing was changed.`, merchantOrderId);
      throw new NotFoundError(WEBHOOK_UNKNOWN_REFUND_MESSAGE);
    }
    const followed = await followRefund(refund, { provider, now: context.now, log: context.log, ...(context.move ? { move: context.move } : {}) });
    return { merchantOrderId, state: `refund ${followed.state}` };
  }
  const confirmed = await confirmPayment(payment, { provider, now: context.now, log: context.log, trigger: 'webhook', ...(context.move ? { move: context.move } : {}) });
  return { merchantOrderId, state: paymentStateOf(confirmed) };
}
