import type * as z from 'zod';
import { UNKNOWN_ERROR_MESSAGE } from '@shared/contracts/envelope';
import { ApiError } from './api-error';

/**
 * A body assembled from a form, read through the contract's request schema before it is sent; a body
 * that breaks it fails like a server-side 400 would (the forms check the same schema first, so this is
 * the last guard, not the user's feedback).
 */
export function checkedRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new ApiError(details[0]?.message ?? UNKNOWN_ERROR_MESSAGE, { code: 'VALIDATION_FAILED', httpStatus: null, details });
}
