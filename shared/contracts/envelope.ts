import * as z from 'zod';

/** The response envelope of spec §7: success carries data and a human message, failure an error message. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(true),
    data,
    result: z.string(),
    msg: z.string().optional(),
  });
}

export const ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_JSON',
  'VALIDATION_FAILED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'BROKER_FAILURE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  data: z.null().optional(),
  msg: z.string().optional(),
  error: z.object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    requestId: z.string().optional(),
    details: z.array(validationIssueSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error. Please try again.';
export const NETWORK_ERROR_MESSAGE = 'Api request error';
