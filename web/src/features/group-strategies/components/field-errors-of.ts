import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, type FieldErrors } from '@/lib/field-errors';

/** The per-field messages of a failed call (the client's check or the server's 400), else none. */
export function fieldErrorsOfFailure(error: unknown): FieldErrors {
  return error instanceof ApiError ? fieldErrorsFromDetails(error.details) : {};
}

/** The failure text to show above a form's buttons, when no field carries it. */
export function formLevelError(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  return Object.keys(fieldErrorsOfFailure(error)).length > 0 ? null : error.message;
}
