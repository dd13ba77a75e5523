import * as z from 'zod';
import type { CallContract } from '@shared/contracts/define-call';
import { errorEnvelopeSchema, successEnvelope, UNKNOWN_ERROR_MESSAGE } from '@shared/contracts/envelope';
import { ApiError } from './api-error';

/** The envelope around any data; the contract's schema then checks the data itself. */
const anySuccessEnvelope = successEnvelope(z.unknown());

/**
 * Turns an HTTP answer into the contract's data (spec §7): a 2xx envelope with `status: true` yields
 * `data` parsed by the contract; anything else raises an ApiError with the server's message.
 */
export function readEnvelope<R extends z.ZodType>(
  contract: Pick<CallContract<z.ZodType, R>, 'response' | 'responseKind'>,
  httpStatus: number,
  body: unknown,
): z.output<R> {
  const isSuccessStatus = httpStatus >= 200 && httpStatus < 300;
  if (isSuccessStatus && contract.responseKind === 'document') {
    return parseOrThrow(contract.response, body, httpStatus);
  }
  const envelope = isSuccessStatus ? anySuccessEnvelope.safeParse(body) : null;
  if (envelope?.success) return parseOrThrow(contract.response, envelope.data.data, httpStatus);
  throw errorFromBody(httpStatus, body);
}

function parseOrThrow<S extends z.ZodType>(schema: S, body: unknown, httpStatus: number): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ApiError(UNKNOWN_ERROR_MESSAGE, { code: 'INVALID_RESPONSE', httpStatus });
}

function errorFromBody(httpStatus: number, body: unknown): ApiError {
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (!parsed.success) return new ApiError(UNKNOWN_ERROR_MESSAGE, { code: 'INVALID_RESPONSE', httpStatus });
  const { message, code, details } = parsed.data.error;
  return new ApiError(message || UNKNOWN_ERROR_MESSAGE, { code, httpStatus, details });
}
