import { ApiError } from '@/lib/api-error';

/**
 * Whether a failed send may still have reached the broker: no answer at all, a server error after the
 * request left, or an answer we could not read. Such a ticket keeps its idempotency key, so sending it
 * again answers the first order instead of placing a second.
 */
export function isAmbiguousFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'NETWORK_ERROR' || error.code === 'INVALID_RESPONSE') return true;
  return error.httpStatus !== null && error.httpStatus >= 500;
}

/** Said under the ticket when the answer was lost: the order may exist, and a resend cannot duplicate it. */
export const AMBIGUOUS_SEND_NOTE =
  'The answer did not arrive, so the order may or may not be at the broker. Submitting the same ticket again is safe: it answers the first order instead of placing a second one.';
