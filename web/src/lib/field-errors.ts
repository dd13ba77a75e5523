import type { z } from 'zod';
import type { ValidationIssue } from '@shared/contracts/envelope';

/** One message per field, keyed by the field's name (the first segment of the issue's path). */
export type FieldErrors = Readonly<Record<string, string>>;

/** The first message per top-level field of a failed parse; `{}` when the value passes. */
export function fieldErrorsOf(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The same shape from a server's (or the client's) validation details, e.g. an ApiError's. */
export function fieldErrorsFromDetails(details: readonly ValidationIssue[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const { path, message } of details) {
    const field = path.split('.')[0] ?? '';
    errors[field] ??= message;
  }
  return errors;
}

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
