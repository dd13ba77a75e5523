import type * as z from 'zod';
import { BrokerRateLimitedError, BrokerRejectedError, BrokerSessionExpiredError, type BrokerError } from '../http/broker-errors';
import { untrustedAnswerError } from '../http/call-failures';
import { parseJsonText, retryAfterSeconds } from '../http/payload-values';
import type { CallMode } from '../http/retry-policy';
import type { HttpAnswer } from '../http/send-request';
import { BrokerUnregisteredIpError, isIpRefusalText } from '../http/unregistered-ip';
import { UPSTOX_BROKER } from './upstox-config';
import { upstoxErrorMeaning } from './upstox-errors';
import { upstoxErrorEnvelope, upstoxSuccessEnvelope, type UpstoxProblem } from './upstox-schemas';

/** How the success body carries its payload: under `data` (every API) or bare (the token exchange). */
export type UpstoxAnswerShape = 'enveloped' | 'bare';

/** Upstox's refusal as a typed error, by code first and HTTP status second (see upstox-errors). */
function upstoxErrorOf(answer: HttpAnswer, mode: CallMode, problem: UpstoxProblem): BrokerError {
  const meaning = upstoxErrorMeaning(answer.status, problem.code);
  const described = problem.message || `Upstox refused the request (${problem.code ?? answer.status})`;
  if (meaning === 'rate-limited') return new BrokerRateLimitedError(UPSTOX_BROKER, described, retryAfterSeconds(answer.headers['retry-after']));
  if (meaning === 'session') return new BrokerSessionExpiredError(UPSTOX_BROKER, 'token-rejected');
  if (meaning === 'server') return untrustedAnswerError(UPSTOX_BROKER, mode, `Upstox error ${answer.status}: ${described}`);
  if (isIpRefusalText(described)) return new BrokerUnregisteredIpError(UPSTOX_BROKER, problem.code);
  return new BrokerRejectedError(UPSTOX_BROKER, described, problem.code);
}

function payloadOf(body: unknown, shape: UpstoxAnswerShape): { found: boolean; payload: unknown } {
  if (shape === 'bare') return { found: body !== undefined, payload: body };
  const success = upstoxSuccessEnvelope.safeParse(body);
  return success.success ? { found: true, payload: success.data.data } : { found: false, payload: undefined };
}

/** The payload of a successful Upstox answer, parsed with `schema`; every other answer becomes a typed error. */
export function readUpstoxAnswer<T>(answer: HttpAnswer, mode: CallMode, schema: z.ZodType<T>, shape: UpstoxAnswerShape = 'enveloped'): T {
  const body = parseJsonText(answer.text);
  const failure = upstoxErrorEnvelope.safeParse(body);
  // Several problems may come back; the first names the cause, the rest repeat it for other fields.
  const [first] = failure.success ? failure.data.errors : [];
  if (first) throw upstoxErrorOf(answer, mode, first);
  if (answer.status === 429) throw new BrokerRateLimitedError(UPSTOX_BROKER, undefined, retryAfterSeconds(answer.headers['retry-after']));
  if (answer.status === 401) throw new BrokerSessionExpiredError(UPSTOX_BROKER, 'token-rejected');
  const { found, payload } = payloadOf(body, shape);
  if (answer.status >= 300 || !found) {
    throw untrustedAnswerError(UPSTOX_BROKER, mode, `Upstox answered ${answer.status} without a readable body`);
  }
  const data = schema.safeParse(payload);
  if (!data.success) throw untrustedAnswerError(UPSTOX_BROKER, mode, 'Upstox answer did not match the expected shape');
  return data.data;
}
