import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { UNKNOWN_ERROR_MESSAGE } from '../../../shared/contracts/envelope';
import { DomainError } from '../errors';
import type { Logger } from '../logger';
import { errorResponse } from './respond';

/** The one place where errors become HTTP answers. Unknown errors never leak their details. */
export function mapError(error: unknown, requestId: string, log: Logger, withMsg = false): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    if (error.status >= 500) log.error('request failed', { code: error.code, error });
    return errorResponse(
      error.status,
      { message: error.message, code: error.code, requestId, ...(error.details ? { details: [...error.details] } : {}) },
      requestId,
      withMsg,
      error.headers,
    );
  }
  log.error('unexpected error', { error });
  return errorResponse(500, { message: UNKNOWN_ERROR_MESSAGE, code: 'INTERNAL', requestId }, requestId, withMsg);
}
