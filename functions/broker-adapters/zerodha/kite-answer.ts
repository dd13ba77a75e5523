import type * as z from 'zod';
import { BrokerRateLimitedError, BrokerRejectedError, BrokerSessionExpiredError, type BrokerError } from '../http/broker-errors';
import { untrustedAnswerError } from '../http/call-failures';
import { parseJsonText, retryAfterSeconds } from '../http/payload-values';
import type { CallMode } from '../http/retry-policy';
import type { HttpAnswer } from '../http/send-request';
import { BrokerUnregisteredIpError, isIpRefusalText } from '../http/unregistered-ip';
import { KITE_BROKER } from './kite-config';
import { kiteErrorEnvelope, kiteSuccessEnvelope } from './kite-schemas';

const TOKEN_ERROR_TYPE = 'TokenException';

/** Kite's refusal as a typed error: 429 → rate limited, TokenException → session, other 4xx → rejected. */
function kiteErrorOf(answer: HttpAnswer, mode: CallMode, message: string, errorType: string | null): BrokerError {
  if (answer.status === 429) return new BrokerRateLimitedError(KITE_BROKER, message || undefined, retryAfterSeconds(answer.headers['retry-after']));
  if (errorType === TOKEN_ERROR_TYPE) return new BrokerSessionExpiredError(KITE_BROKER, 'token-rejected');
  if (answer.status >= 500) return untrustedAnswerError(KITE_BROKER, mode, `Zerodha error ${answer.status}: ${message}`);
  if (isIpRefusalText(message)) return new BrokerUnregisteredIpError(KITE_BROKER, errorType);
  return new BrokerRejectedError(KITE_BROKER, message, errorType);
}

/** The `data` of a successful Kite answer, parsed with `schema`; every other answer becomes a typed error. */
export function readKiteAnswer<T>(answer: HttpAnswer, mode: CallMode, schema: z.ZodType<T>): T {
  const body = parseJsonText(answer.text);
  const failure = kiteErrorEnvelope.safeParse(body);
  if (failure.success) throw kiteErrorOf(answer, mode, failure.data.message, failure.data.error_type ?? null);
  if (answer.status === 429) throw new BrokerRateLimitedError(KITE_BROKER, undefined, retryAfterSeconds(answer.headers['retry-after']));
  const success = kiteSuccessEnvelope.safeParse(body);
  if (answer.status >= 300 || !success.success) {
    throw untrustedAnswerError(KITE_BROKER, mode, `Zerodha answered ${answer.status} without a readable body`);
  }
  const data = schema.safeParse(success.data.data);
  if (!data.success) throw untrustedAnswerError(KITE_BROKER, mode, 'Zerodha answer did not match the expected shape');
  return data.data;
}
