import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { CallContract } from '../../../shared/contracts/define-call';
import type { ErrorEnvelope } from '../../../shared/contracts/envelope';
import type { RouteOutcome } from './route';

const API_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

export function jsonResponse(
  statusCode: number,
  body: unknown,
  requestId: string,
  extraHeaders: Readonly<Record<string, string>> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { ...API_HEADERS, 'x-request-id': requestId, ...extraHeaders },
    body: JSON.stringify(body),
  };
}

/**
 * Shapes a route's outcome through the contract's response schema (which strips internal fields),
 * then wraps it in the envelope. A shape the contract does not allow is a server bug: it throws.
 */
export function successResponse(contract: CallContract, outcome: RouteOutcome<CallContract>, requestId: string) {
  const data: unknown = contract.response.parse(outcome.data);
  const statusCode = outcome.statusCode ?? 200;
  if (contract.responseKind === 'document') return jsonResponse(statusCode, data, requestId);
  const envelope = { status: true, data, result: outcome.message, ...(contract.withMsg ? { msg: outcome.message } : {}) };
  return jsonResponse(statusCode, envelope, requestId);
}

export function errorResponse(
  statusCode: number,
  error: ErrorEnvelope['error'],
  requestId: string,
  withMsg: boolean,
  headers: Readonly<Record<string, string>> = {},
) {
  const envelope: ErrorEnvelope = { status: false, data: null, error, ...(withMsg ? { msg: error.message } : {}) };
  return jsonResponse(statusCode, envelope, requestId, headers);
}
