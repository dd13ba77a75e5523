import { ApiError } from '@/lib/api-error';

/** Spec §8: what the toast says when the change failed for a reason other than the server's answer. */
export const RESET_PASSWORD_EXCEPTION_MESSAGE = 'An error occurred while resetting the password.';

/**
 * The success toast. The server's own `result` message is not handed out by callApi (it returns `data`
 * only), so this text stands in until the API client exposes it.
 */
export const RESET_PASSWORD_SUCCESS_MESSAGE = 'Password changed successfully.';

/** The server's message when it answered status false; the generic text for anything else. */
export function resetPasswordFailureMessage(error: unknown): string {
  const serverAnswered = error instanceof ApiError && error.httpStatus !== null && error.code !== 'INVALID_RESPONSE';
  return serverAnswered ? error.message : RESET_PASSWORD_EXCEPTION_MESSAGE;
}
