import { ulid } from 'ulid';
import { closePayment, markPaymentStarted } from '../data/payments/payment-transitions';
import { createPayment, getPayment, type NewPayment } from '../data/payments/payments-repository';
import type { PaymentOwner } from '../data/payments/payment-keys';
import type { StoredPayment } from '../data/payments/stored-payment';
import { BusinessRuleError, DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { FIRST_CHECK_AFTER_MS, GIVE_UP_AFTER_MS, ORDER_EXPIRE_AFTER_SECONDS } from './payment-schedule';
import { rupeesText } from './payment-view';
import { PHONEPE_UNAVAILABLE_MESSAGE, type PhonePeSettings } from './phonepe-settings';
import { ProviderRejectedError, ProviderUnavailableError, type PaymentProvider } from './provider/payment-provider';

/** PhonePe did not take the payment: 502 in the spec's envelope (the code the envelope has for an outside service failing). */
export class PaymentProviderError extends DomainError {
  constructor(message: string) {
    super(502, 'BROKER_FAILURE', message);
  }
}

export const PHONEPE_NO_ANSWER_MESSAGE = 'PhonePe did not answer. Nothing was charged; please try again.';

/** Our merchant order id: `TB-` and the payment's ULID (≤ 63 characters of [A-Za-z0-9_-], unique for every attempt). */
export function merchantOrderIdOf(paymentId: string): string {
  return `TB-${paymentId}`;
}

export interface MakePaymentContext {
  readonly settings: PhonePeSettings | null;
  readonly provider: (settings: PhonePeSettings) => PaymentProvider;
  /** Where PhonePe sends the browser back, for a payment id. */
  readonly returnUrlFor: (paymentId: string) => string;
  readonly now: () => Date;
  readonly log: Logger;
}

function checkAmount(settings: PhonePeSettings, amountPaise: number): void {
  if (amountPaise < settings.minPaise) throw new BusinessRuleError(`The amount must be at least ${rupeesText(settings.minPaise)}.`);
  if (amountPaise > settings.maxPaise) throw new BusinessRuleError(`The amount must be at most ${rupeesText(settings.maxPaise)}.`);
}

/**
 * Starts a PhonePe payment for the owner's wallet: the payment is written first (`created`, due for a
 * status check, with its merchant-order lookup), then PhonePe is asked for the order. A refusal ends it
 * (`failed`); no answer leaves it to the reconciliation (PhonePe may have taken it) and asks the caller to
 * try again — a new attempt is a new payment with a new merchant order id. Nothing is credited here.
 */
export async function makePayment(owner: PaymentOwner, amountPaise: number, context: MakePaymentContext): Promise<{ payment: StoredPayment; walletUrl: string }> {
  const { settings } = context;
  if (!settings?.enabled || !settings.clientSecret || !settings.webhookPassword) throw new BusinessRuleError(PHONEPE_UNAVAILABLE_MESSAGE);
  checkAmount(settings, amountPaise);
  const provider = context.provider(settings);
  const createdAt = context.now();
  const paymentId = ulid(createdAt.getTime());
  const fields: NewPayment = {
    owner,
    paymentId,
    merchantOrderId: merchantOrderIdOf(paymentId),
    amountPaise,
    firstCheckAt: new Date(createdAt.getTime() + FIRST_CHECK_AFTER_MS),
    giveUpAt: new Date(createdAt.getTime() + GIVE_UP_AFTER_MS),
  };
  const created = await createPayment(fields, createdAt);
  const walletUrl = context.returnUrlFor(paymentId);
  try {
    const order = await provider.createOrder({
      merchantOrderId: created.merchant_order_id,
      amountPaise,
      redirectUrl: walletUrl,
      expireAfterSeconds: ORDER_EXPIRE_AFTER_SECONDS,
      meta: [`frch:${owner.frchId}`, `user:${owner.userId}`, `payment:${paymentId}`],
      message: 'Wallet credit',
    });
    const started = {
      providerOrderId: order.providerOrderId,
      checkoutUrl: order.checkoutUrl,
      providerExpireAt: order.expireAtMs === null ? null : new Date(order.expireAtMs).toISOString(),
      providerState: order.state,
    };
    await markPaymentStarted(created, started, context.now());
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      context.log.warn('payment not started: no answer from PhonePe', { paymentId, reason: error.message });
      throw new PaymentProviderError(PHONEPE_NO_ANSWER_MESSAGE);
    }
    if (error instanceof ProviderRejectedError) {
      context.log.warn('payment refused by PhonePe', { paymentId, status: error.status, code: error.code });
      await closePayment(created, 'failed', `PhonePe refused the payment (${error.code}).`, null, context.now());
      throw new PaymentProviderError('PhonePe could not start this payment. Please try again later or contact your broker.');
    }
    throw error;
  }
  const payment = (await getPayment(owner, paymentId)) ?? created;
  return { payment, walletUrl };
}
