import type { ErrorCode, ValidationIssue } from '../../shared/contracts/envelope';

/** Typed errors thrown by routes and use-cases; the error mapper turns each into a status and envelope. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: readonly ValidationIssue[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, code: ErrorCode = 'BAD_REQUEST') {
    super(400, code, message);
  }
}

export class ValidationError extends DomainError {
  constructor(details: readonly ValidationIssue[], message = 'Request validation failed') {
    super(400, 'VALIDATION_FAILED', message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized', code: ErrorCode = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, 'FORBIDDEN', message);
  }
}

/** Also used when the item exists but belongs to someone else: the caller must not learn it exists. */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(404, 'NOT_FOUND', message);
  }
}

export class MethodNotAllowedError extends DomainError {
  constructor(allowed: readonly string[]) {
    super(405, 'METHOD_NOT_ALLOWED', 'Method not allowed', undefined, { allow: allowed.join(', ') });
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${Math.round(limitBytes / 1024)} KB`);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(expected: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${expected}`);
  }
}

export class BusinessRuleError extends DomainError {
  constructor(message: string) {
    super(422, 'BUSINESS_RULE', message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

export class BrokerFailureError extends DomainError {
  constructor(message: string) {
    super(502, 'BROKER_FAILURE', message);
  }
}
