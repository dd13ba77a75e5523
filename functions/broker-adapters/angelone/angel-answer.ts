import type * as z from 'zod';
import { BrokerRateLimitedError, BrokerRejectedError, BrokerSessionExpiredError } from '../http/broker-errors';
import { untrustedAnswerError } from '../http/call-failures';
import { parseJsonText, retryAfterSeconds } from '../http/payload-values';
import type { CallMode } from '../http/retry-policy';
import type { HttpAnswer } from '../http/send-request';
import { BrokerUnregisteredIpError } from '../http/unregistered-ip';
import { ANGEL_BROKER } from './angel-config';
import { ANGEL_RATE_LIMIT_TEXT, angelErrorMeaning } from './angel-errors';
import { angelEnvelope } from './angel-schemas';

/** A readable Angel answer: the data, or "the JWT was refused" (the caller may refresh and repeat). */
export type AngelReading<T> = { readonly kind: 'data'; readonly data: T } | { readonly kind: 'token-expired' };

function rateLimitedError(mode: CallMode, answer: HttpAnswer) {
  // Angel has been seen placing an order and still answering "exceeding access rate" (reliability §1.6).
  return mode === 'write'
    ? untrustedAnswerError(ANGEL_BROKER, mode, 'Angel One answered "rate exceeded"; the order may still have been placed')
    : new BrokerRateLimitedError(ANGEL_BROKER, undefined, retryAfterSeconds(answer.headers['retry-after']));
}

/**
 * Reads an Angel answer. Errors come back with HTTP 200 and `status:false` + `errorcode` (§3.9):
 * token codes → 'token-expired', session codes → session expired, server codes → ambiguous/unavailable,
 * any other code → rejected with Angel's message.
 */
export function readAngelAnswer<T>(answer: HttpAnswer, mode: CallMode, schema: z.ZodType<T>): AngelReading<T> {
  if (answer.status === 429 || ANGEL_RATE_LIMIT_TEXT.test(answer.text)) throw rateLimitedError(mode, answer);
  const envelope = angelEnvelope.safeParse(parseJsonText(answer.text));
  if (answer.status >= 500 || !envelope.success) {
    throw untrustedAnswerError(ANGEL_BROKER, mode, `Angel One answered ${answer.status} without a readable body`);
  }
  const { status, message, errorcode, data } = envelope.data;
  if (!status) {
    const code = errorcode ?? '';
    const meaning = angelErrorMeaning(code);
    if (meaning === 'token-expired') return { kind: 'token-expired' };
    if (meaning === 'session') throw new BrokerSessionExpiredError(ANGEL_BROKER, 'token-rejected');
    if (meaning === 'server') throw untrustedAnswerError(ANGEL_BROKER, mode, `Angel One error ${code}: ${message ?? ''}`);
    if (meaning === 'unregistered-ip') throw new BrokerUnregisteredIpError(ANGEL_BROKER, code);
    throw new BrokerRejectedError(ANGEL_BROKER, message || `Angel One refused the request (${code})`, code || null);
  }
  const parsed = schema.safeParse(data === 'null' ? null : data);
  if (!parsed.success) throw untrustedAnswerError(ANGEL_BROKER, mode, 'Angel One answer did not match the expected shape');
  return { kind: 'data', data: parsed.data };
}
