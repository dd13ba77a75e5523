import type * as z from 'zod';
import { AmbiguousOutcomeError, BrokerRateLimitedError, BrokerRejectedError, BrokerSessionExpiredError } from '../http/broker-errors';
import { untrustedAnswerError } from '../http/call-failures';
import { parseJsonText, retryAfterSeconds } from '../http/payload-values';
import type { CallMode } from '../http/retry-policy';
import type { HttpAnswer } from '../http/send-request';
import { BrokerUnregisteredIpError, isIpRefusalText } from '../http/unregistered-ip';
import { FYERS_BROKER, FYERS_UNACKNOWLEDGED_CODE } from './fyers-config';
import { fyersErrorMeaning } from './fyers-errors';
import { fyersEnvelope } from './fyers-schemas';

function rateLimited(answer: HttpAnswer, message?: string): BrokerRateLimitedError {
  return new BrokerRateLimitedError(FYERS_BROKER, message || undefined, retryAfterSeconds(answer.headers['retry-after']));
}

/** `s:'error'` as a typed error: token codes → session, −429 → rate limited, 5xx → untrusted, anything else → rejected. */
function fyersErrorOf(answer: HttpAnswer, mode: CallMode, code: number | null, message: string) {
  const meaning = fyersErrorMeaning(code);
  if (meaning === 'session') return new BrokerSessionExpiredError(FYERS_BROKER, 'token-rejected');
  if (meaning === 'rate-limited') return rateLimited(answer, message);
  if (answer.status >= 500) return untrustedAnswerError(FYERS_BROKER, mode, `Fyers error ${answer.status}: ${message}`);
  if (isIpRefusalText(message)) return new BrokerUnregisteredIpError(FYERS_BROKER, code === null ? null : String(code));
  return new BrokerRejectedError(FYERS_BROKER, message || `Fyers refused the request (${code ?? answer.status})`, code === null ? null : String(code));
}

/**
 * Reads a Fyers answer: the whole body parsed with `schema` when `s:'ok'`, every other answer a typed error.
 * `code: 201` means Fyers sent the request on without an acknowledgement (§5.3): for a write that is an
 * ambiguous outcome, to be settled from the order book — never by sending it again.
 */
export function readFyersAnswer<T>(answer: HttpAnswer, mode: CallMode, schema: z.ZodType<T>): T {
  const body = parseJsonText(answer.text);
  const envelope = fyersEnvelope.safeParse(body);
  if (!envelope.success) {
    if (answer.status === 429) throw rateLimited(answer);
    throw untrustedAnswerError(FYERS_BROKER, mode, `Fyers answered ${answer.status} without a readable body`);
  }
  const { s, code, message } = envelope.data;
  if (s !== 'ok') throw fyersErrorOf(answer, mode, code ?? null, message ?? '');
  if (code === FYERS_UNACKNOWLEDGED_CODE) {
    const text = `Fyers sent the request on without an acknowledgement: ${message ?? ''}`.trim();
    throw mode === 'write' ? new AmbiguousOutcomeError(FYERS_BROKER, text) : untrustedAnswerError(FYERS_BROKER, mode, text);
  }
  if (answer.status === 429) throw rateLimited(answer, message ?? undefined);
  if (answer.status >= 300) throw untrustedAnswerError(FYERS_BROKER, mode, `Fyers answered ${answer.status}`);
  const data = schema.safeParse(body);
  if (!data.success) throw untrustedAnswerError(FYERS_BROKER, mode, 'Fyers answer did not match the expected shape');
  return data.data;
}
