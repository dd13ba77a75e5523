import type * as z from 'zod';
import { BrokerRateLimitedError, BrokerRejectedError, BrokerSessionExpiredError, type BrokerError } from '../http/broker-errors';
import { untrustedAnswerError } from '../http/call-failures';
import { parseJsonText, retryAfterSeconds } from '../http/payload-values';
import type { CallMode } from '../http/retry-policy';
import type { HttpAnswer } from '../http/send-request';
import { BrokerUnregisteredIpError, isIpRefusalText } from '../http/unregistered-ip';
import { DHAN_BROKER } from './dhan-config';
import { dhanErrorMeaning, type DhanErrorMeaning } from './dhan-errors';
import { dhanDataFailure, dhanErrorBody } from './dhan-schemas';

interface DhanFailure {
  readonly code: string;
  readonly message: string;
}

/** The code and message of a Dhan error body (trading `DH-9xx` or data-API `8xx`), or null. */
function failureOf(body: unknown): DhanFailure | null {
  const trading = dhanErrorBody.safeParse(body);
  if (trading.success) {
    const { errorCode, errorMessage, errorType } = trading.data;
    return { code: errorCode, message: errorMessage ?? errorType ?? '' };
  }
  const data = dhanDataFailure.safeParse(body);
  const [code, message] = data.success ? (Object.entries(data.data.data)[0] ?? []) : [];
  return code ? { code, message: typeof message === 'string' ? message : '' } : null;
}

/**
 * A rate refusal: a read may be repeated after the wait; a write is left ambiguous, because Dhan does not
 * document that a rate-limited order was not taken (Angel has been seen taking one) — its tag settles it.
 */
function rateLimitedError(mode: CallMode, answer: HttpAnswer, message: string): BrokerError {
  if (mode === 'write') return untrustedAnswerError(DHAN_BROKER, mode, `Dhan answered "too many requests"${message ? ` (${message})` : ''}`);
  return new BrokerRateLimitedError(DHAN_BROKER, message || undefined, retryAfterSeconds(answer.headers['retry-after']));
}

const FAILURE_ERRORS: Readonly<Record<DhanErrorMeaning, (failure: DhanFailure, mode: CallMode, answer: HttpAnswer) => BrokerError>> = {
  session: () => new BrokerSessionExpiredError(DHAN_BROKER, 'token-rejected'),
  'rate-limit': (failure, mode, answer) => rateLimitedError(mode, answer, failure.message),
  server: (failure, mode) => untrustedAnswerError(DHAN_BROKER, mode, `Dhan error ${failure.code}: ${failure.message}`),
  rejected: (failure) =>
    isIpRefusalText(failure.message)
      ? new BrokerUnregisteredIpError(DHAN_BROKER, failure.code)
      : new BrokerRejectedError(DHAN_BROKER, failure.message || `Dhan refused the request (${failure.code})`, failure.code),
};

/**
 * Reads a Dhan answer (§6.9): a 2xx body parsed with `schema`; 429 → rate limited; 5xx → ambiguous for a
 * write (it may have been acted on), unavailable for a read; an error body → its code's meaning.
 */
export function readDhanAnswer<T>(answer: HttpAnswer, mode: CallMode, schema: z.ZodType<T>): T {
  const body = parseJsonText(answer.text);
  const failure = failureOf(body);
  if (answer.status === 429) throw rateLimitedError(mode, answer, failure?.message ?? '');
  if (answer.status >= 500) {
    const detail = failure ? `: ${failure.code} ${failure.message}` : '';
    throw untrustedAnswerError(DHAN_BROKER, mode, `Dhan answered ${answer.status}${detail}`);
  }
  if (failure) throw FAILURE_ERRORS[dhanErrorMeaning(failure.code)](failure, mode, answer);
  if (answer.status >= 300) throw untrustedAnswerError(DHAN_BROKER, mode, `Dhan answered ${answer.status} without a readable body`);
  const data = schema.safeParse(body);
  if (!data.success) throw untrustedAnswerError(DHAN_BROKER, mode, 'Dhan answer did not match the expected shape');
  return data.data;
}
