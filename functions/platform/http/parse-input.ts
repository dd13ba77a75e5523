import type { z } from 'zod';
import type { CallContract } from '../../../shared/contracts/define-call';
import type { ValidationIssue } from '../../../shared/contracts/envelope';
import { MAX_REQUEST_BODY_BYTES } from '../../../shared/domain/constants';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import { checkUploadedImage, ImageTooLargeError, MissingFileError, type UploadedFile, type UploadedFiles } from '../files/image-upload';
import { MalformedMultipartError, multipartBoundary, parseMultipart } from './multipart';
import type { IncomingRequest } from './request';

/** Room for a multipart call's text fields and part headers, on top of its files' own limits. */
export const MULTIPART_TEXT_ALLOWANCE_BYTES = 64 * 1024;

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

/**
 * The largest body a call accepts: 256 KB, or for multipart calls the sum of their files' limits
 * plus room for the text fields (API Gateway's own limit, 10 MB, sits above both).
 */
export function bodyLimitOf(contract: CallContract): number {
  if (contract.bodyKind !== 'multipart') return MAX_REQUEST_BODY_BYTES;
  return Object.values(contract.files).reduce((sum, part) => sum + part.maxBytes, MULTIPART_TEXT_ALLOWANCE_BYTES);
}

function checkBodySize(contract: CallContract, request: IncomingRequest): void {
  const limit = bodyLimitOf(contract);
  if (request.bodyBytes.length <= limit) return;
  const fileLimits = Object.values(contract.files).map((part) => part.maxBytes);
  throw fileLimits.length > 0 ? new ImageTooLargeError(Math.max(...fileLimits)) : new PayloadTooLargeError(limit);
}

/**
 * Text fields go on to the request schema; parts named in the contract's `files` are file parts
 * (an empty one is a file input with nothing chosen). A file under any other name is refused.
 */
function splitFormParts(contract: CallContract, request: IncomingRequest): { fields: Record<string, string>; uploads: Map<string, Buffer> } {
  const fields = new Map<string, string>();
  const uploads = new Map<string, Buffer>();
  if (request.bodyBytes.length === 0) return { fields: {}, uploads };
  const contentType = request.headers['content-type'] ?? '';
  if (!/^\s*multipart\/form-data\b/i.test(contentType)) throw new UnsupportedMediaTypeError('multipart/form-data');
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new MalformedMultipartError('no boundary in the content type');
  const seen = new Set<string>();
  for (const part of parseMultipart(request.bodyBytes, boundary)) {
    if (seen.has(part.name)) throw new ValidationError([{ path: part.name, message: 'Sent more than once.' }]);
    seen.add(part.name);
    if (contract.files[part.name]) {
      const nothingChosen = part.data.length === 0;
      if (!nothingChosen) uploads.set(part.name, part.data);
    } else if (part.filename !== null) {
      throw new ValidationError([{ path: part.name, message: 'This field does not take a file.' }]);
    } else {
      fields.set(part.name, part.data.toString('utf8'));
    }
  }
  return { fields: Object.fromEntries(fields), uploads };
}

function checkFiles(contract: CallContract, uploads: ReadonlyMap<string, Buffer>): UploadedFiles {
  const files: Record<string, UploadedFile> = {};
  for (const [field, part] of Object.entries(contract.files)) {
    const bytes = uploads.get(field);
    if (bytes) files[field] = checkUploadedImage(field, bytes, part);
    else if (part.required) throw new MissingFileError(field);
  }
  return files;
}

function readMultipartInput(contract: CallContract, request: IncomingRequest): { body: unknown; files: UploadedFiles } {
  const { fields, uploads } = splitFormParts(contract, request);
  const body = validate(contract.request, fields);
  return { body, files: checkFiles(contract, uploads) };
}

/** Reads the contract's input from the request, checking size, media type, JSON or form, and the schema. */
export function parseInput(
  contract: CallContract,
  request: IncomingRequest,
  rawParams: Record<string, string>,
): { body: unknown; params: unknown; files: UploadedFiles } {
  checkBodySize(contract, request);
  const params = validate(contract.params, rawParams);
  switch (contract.bodyKind) {
    case 'query':
      return { body: validate(contract.request, request.query), params, files: {} };
    case 'raw':
      return { body: validate(contract.request, request.bodyText), params, files: {} };
    case 'multipart':
      return { ...readMultipartInput(contract, request), params };
    case 'json':
      return { body: validate(contract.request, readJsonBody(request)), params, files: {} };
  }
}
