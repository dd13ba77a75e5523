import * as z from 'zod';
import type { PhonePeEnvironment } from '../../../shared/contracts/phonepe-config';
import {
  ProviderRejectedError,
  type CreateOrderRequest,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderOrderStatus,
  type ProviderRefund,
  type ProviderRefundStatus,
} from '../provider/payment-provider';
import { phonePeHosts, phonePeTimeoutMs } from './phonepe-endpoints';
import { expectOk, phonePeRequest, readAnswer, type PhonePeAnswer } from './phonepe-http';
import { phonePeAuthorization, type PhonePeClientCredentials } from './phonepe-token';

/** PhonePe's answers (reference §1.3–1.7); unknown fields are ignored, as PhonePe asks. */
const payAnswerSchema = z.object({ orderId: z.string(), state: z.string(), expireAt: z.number().nullish(), redirectUrl: z.string().min(1) }).loose();
const statusAnswerSchema = z
  .object({
    merchantOrderId: z.string().nullish(),
    state: z.string(),
    amount: z.number().nullish(),
    errorCode: z.string().nullish(),
    detailedErrorCode: z.string().nullish(),
  })
  .loose();
const refundAnswerSchema = z.object({ refundId: z.string().nullish(), state: z.string(), amount: z.number().nullish() }).loose();
const refundStatusAnswerSchema = refundAnswerSchema.extend({ errorCode: z.string().nullish() });

export interface PhonePeMerchant {
  readonly environment: PhonePeEnvironment;
  readonly credentials: PhonePeClientCredentials;
}

/** `metaInfo.udf1…udf10`: free text up to 256 characters each (SDK `MetaInfo.ts`). */
function metaInfoOf(meta: readonly string[]): Record<string, string> {
  return Object.fromEntries(meta.slice(0, 10).map((value, index) => [`udf${index + 1}`, value.slice(0, 256)]));
}

/**
 * Our own PhonePe Standard Checkout v2 client for one merchant (one franchise's settings): the token
 * from the per-process cache, `O-Bearer` on every PG call, and on a 401 one forced token refresh and
 * one retry (as the official SDK does). No automatic retries otherwise: an unknown outcome is settled by
 * asking the order status.
 */
export function createPhonePeProvider(merchant: PhonePeMerchant): PaymentProvider {
  const hosts = phonePeHosts(merchant.environment);
  const timeoutMs = phonePeTimeoutMs();

  async function call(method: 'GET' | 'POST', path: string, what: string, body?: unknown): Promise<PhonePeAnswer> {
    const send = async (force: boolean) => {
      const authorization = await phonePeAuthorization(hosts.oauth, merchant.credentials, { force, timeoutMs });
      return phonePeRequest(
        {
          method,
          url: `${hosts.pg}${path}`,
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          timeoutMs,
        },
        what,
      );
    };
    const first = await send(false);
    return first.status === 401 ? send(true) : first;
  }

  return {
    async createOrder(request: CreateOrderRequest): Promise<ProviderOrder> {
      const answer = await call('POST', '/checkout/v2/pay', 'payment request', {
        merchantOrderId: request.merchantOrderId,
        amount: request.amountPaise,
        expireAfter: request.expireAfterSeconds,
        metaInfo: metaInfoOf(request.meta),
        paymentFlow: { type: 'PG_CHECKOUT', message: request.message, merchantUrls: { redirectUrl: request.redirectUrl } },
      });
      const order = readAnswer(payAnswerSchema, expectOk(answer, 'payment request'), 'payment request');
      return { providerOrderId: order.orderId, checkoutUrl: order.redirectUrl, expireAtMs: order.expireAt ?? null, state: order.state };
    },

    async orderStatus(merchantOrderId: string): Promise<ProviderOrderStatus> {
      const answer = await call('GET', `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=false`, 'order status');
      if (answer.status === 404) return { found: false };
      const status = readAnswer(statusAnswerSchema, expectOk(answer, 'order status'), 'order status');
      return {
        found: true,
        state: status.state,
        amountPaise: status.amount ?? null,
        merchantOrderId: status.merchantOrderId ?? null,
        errorCode: status.errorCode ?? null,
        detailedErrorCode: status.detailedErrorCode ?? null,
      };
    },

    async refund(request): Promise<ProviderRefund> {
      const answer = await call('POST', '/payments/v2/refund', 'refund request', {
        merchantRefundId: request.merchantRefundId,
        originalMerchantOrderId: request.merchantOrderId,
        amount: request.amountPaise,
      });
      const refund = readAnswer(refundAnswerSchema, expectOk(answer, 'refund request'), 'refund request');
      return { refundId: refund.refundId ?? null, state: refund.state, amountPaise: refund.amount ?? null };
    },

    async refundStatus(merchantRefundId: string): Promise<ProviderRefundStatus> {
      const answer = await call('GET', `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`, 'refund status');
      if (answer.status === 404) return { found: false };
      const refund = readAnswer(refundStatusAnswerSchema, expectOk(answer, 'refund status'), 'refund status');
      return { found: true, refundId: refund.refundId ?? null, state: refund.state, amountPaise: refund.amount ?? null, errorCode: refund.errorCode ?? null };
    },
  };
}

/** A refusal that means the merchant's credentials are wrong (PhonePe's 401/403 after a fresh token). */
export function isCredentialRefusal(error: unknown): boolean {
  return error instanceof ProviderRejectedError && (error.status === 401 || error.status === 403);
}
