import { UNKNOWN_ERROR_MESSAGE } from '@shared/contracts/envelope';

/** The text to show for a failure: an ApiError's (or any Error's) message, else the unknown-error text. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UNKNOWN_ERROR_MESSAGE;
}
