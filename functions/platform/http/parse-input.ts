import type { z } from 'zod';
import type { CallContract } from '../../../shared/contracts/define-call';
import type { ValidationIssue } from '../../../shared/contracts/envelope';
import { MAX_REQUEST_BODY_BYTES } from '../../../shared/domain/constants';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import type { IncomingRequest } from './request';

export function toValidationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(body)', message: issue.message }));
}

function validate(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(toValidationIssues(parsed.error));
  return parsed.data;
}

function readJsonBody(request: IncomingRequest): unknown {
  const contentType = request.headers['content-type'] ?? '';
  if (request.bodyText.trim() === '') return {};
  if (!/^application\/json\b/i.test(contentType)) throw new UnsupportedMediaTypeError('application/json');
  try {
    return JSON.parse(request.bodyText);
  } catch {
    throw new BadRequestError('Invalid JSON body', 'INVALID_JSON');
  }
}

/** Reads the contract's input from the request, checking size, media type, JSON and the schema. */
export function parseInput(
  contract: CallContract,
  request: IncomingRequest,
  rawParams: Record<string, string>,
): { body: unknown; params: unknown } {
  if (request.bodyBytes.length > MAX_REQUEST_BODY_BYTES) throw new PayloadTooLargeError(MAX_REQUEST_BODY_BYTES);
  const params = validate(contract.params, rawParams);
  switch (contract.bodyKind) {
    case 'query':
      return { body: validate(contract.request, request.query), params };
    case 'raw':
      return { body: validate(contract.request, request.bodyText), params };
    case 'multipart':
      return { body: validate(contract.request, request), params };
    case 'json':
      return { body: validate(contract.request, readJsonBody(request)), params };
  }
}
