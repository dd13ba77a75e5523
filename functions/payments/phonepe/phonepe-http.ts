import * as z from 'zod';
import { ProviderRejectedError, ProviderUnavailableError } from '../provider/payment-provider';

export interface PhonePeAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface PhonePeRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly timeoutMs: number;
}

/**
 * One HTTP call to PhonePe. A time-out or a network failure is `ProviderUnavailableError` (the outcome is
 * unknown). Never logs: the token request's body holds the client secret.
 */
export async function phonePeRequest(request: PhonePeRequest, what: string): Promise<PhonePeAnswer> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderUnavailableError(timedOut ? `PhonePe did not answer the ${what} in time.` : `PhonePe could not be reached for the ${what}.`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ProviderUnavailableError(`PhonePe's answer to the ${what} was cut off.`);
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/** PhonePe's error bodies: `{code, message}` or `{errorCode, message}` (reference §1.3). */
const errorBodySchema = z.object({ code: z.string().optional(), errorCode: z.string().optional(), message: z.string().optional() }).loose();

/** Throws unless the answer is a 2xx: 429 and 5xx are "unavailable" (retry after asking the status), other 4xx a refusal. */
export function expectOk(answer: PhonePeAnswer, what: string): unknown {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const parsed = errorBodySchema.safeParse(answer.body);
  const code = (parsed.success ? (parsed.data.code ?? parsed.data.errorCode) : undefined) ?? `HTTP_${answer.status}`;
  const message = parsed.success && parsed.data.message ? parsed.data.message.slice(0, 200) : `HTTP ${answer.status}`;
  if (answer.status === 429 || answer.status >= 500) throw new ProviderUnavailableError(`PhonePe could not take the ${what} now (${code}).`);
  throw new ProviderRejectedError(answer.status, code, message);
}

/** Reads a 2xx answer's body by the schema; an answer of another shape is a PhonePe fault, not ours. */
export function readAnswer<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderUnavailableError(`PhonePe answered the ${what} in a form we do not know.`);
  return parsed.data;
}
