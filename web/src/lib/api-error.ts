import type { ErrorCode, ValidationIssue } from '@shared/contracts/envelope';

/** Codes the client itself assigns: the request never got an answer, or the answer was not the contract's. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';

interface ApiErrorInit {
  code: ErrorCode | ClientErrorCode;
  /** The HTTP status of the answer; null when there was none (network failure). */
  httpStatus: number | null;
  details?: readonly ValidationIssue[];
}

/** Every failed call raises this; `message` is the text to show the user (spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode | ClientErrorCode;
  readonly httpStatus: number | null;
  readonly details: readonly ValidationIssue[];

  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.details = init.details ?? [];
  }
}
