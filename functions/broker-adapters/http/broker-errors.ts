import { DomainError } from '../../platform/errors';

/**
 * Typed failures of a broker call. Each one says what the caller may assume about the order:
 * - unavailable: the broker did not answer usefully; for a write it provably never reached the broker;
 * - rejected: the broker answered and refused (its message is shown to the user);
 * - session-expired: the session is gone or was never valid (login again; nothing was placed);
 * - rate-limited: the broker refused for rate (nothing was placed);
 * - ambiguous: a write was sent and its outcome is unknown — reconcile by tag, never retry blindly.
 */
export type BrokerErrorKind = 'unavailable' | 'rejected' | 'session-expired' | 'rate-limited' | 'ambiguous';

export abstract class BrokerError extends DomainError {
  abstract readonly kind: BrokerErrorKind;
  abstract readonly broker: string;
}

export class BrokerUnavailableError extends BrokerError {
  readonly kind = 'unavailable';
  constructor(
    readonly broker: string,
    message: string,
  ) {
    super(502, 'BROKER_FAILURE', message);
  }
}

/**
 * The account's static-IP egress could not carry the call (proxy down, refused, or unable to reach the
 * broker from the slot's address): nothing was sent, and the call never falls back to a direct connection.
 */
export class EgressUnavailableError extends BrokerUnavailableError {}

export class BrokerRejectedError extends BrokerError {
  readonly kind = 'rejected';
  constructor(
    readonly broker: string,
    message: string,
    /** The broker's own code (Kite `error_type`, Angel `errorcode`), kept for support. */
    readonly brokerCode: string | null = null,
  ) {
    super(422, 'BUSINESS_RULE', message);
  }
}

export type SessionFailureReason = 'token-rejected' | 'past-validity' | 'login-failed' | 'refresh-failed';

export class BrokerSessionExpiredError extends BrokerError {
  readonly kind = 'session-expired';
  constructor(
    readonly broker: string,
    readonly reason: SessionFailureReason,
    message = 'Broker session expired. Please log in to the broker again.',
  ) {
    super(502, 'BROKER_FAILURE', message);
  }
}

export class BrokerRateLimitedError extends BrokerError {
  readonly kind = 'rate-limited';
  constructor(
    readonly broker: string,
    message = 'Too many requests to the broker. Please try again shortly.',
    readonly retryAfterSeconds = 1,
  ) {
    super(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

export class AmbiguousOutcomeError extends BrokerError {
  readonly kind = 'ambiguous';
  constructor(
    readonly broker: string,
    message: string,
  ) {
    super(502, 'BROKER_FAILURE', message);
  }
}

export function isBrokerError(error: unknown): error is BrokerError {
  return error instanceof BrokerError;
}
