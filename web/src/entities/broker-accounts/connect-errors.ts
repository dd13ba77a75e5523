import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, type FieldErrors } from '@/lib/field-errors';

/** The server's per-field messages for the credentials (`credentials.pin` → `pin`); `{}` for any other failure. */
export function credentialErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return fieldErrorsFromDetails(error.details.map((issue) => ({ ...issue, path: issue.path.replace(/^credentials\./, '') })));
}
