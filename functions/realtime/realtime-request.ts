import type { APIGatewayProxyEventHeaders, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { config } from '../platform/config';
import { createLogger, type Logger } from '../platform/logger';

/** What API Gateway sends a WebSocket integration; `$connect` also carries the handshake headers. */
export type RealtimeLambdaEvent = APIGatewayProxyWebsocketEventV2 & { readonly headers?: APIGatewayProxyEventHeaders };

/** API Gateway reads only the status: on `$connect` 2xx accepts the socket, anything else refuses it. */
export interface RealtimeResult {
  readonly statusCode: number;
}

/** The parts of a WebSocket event the routes use, normalised once. */
export interface RealtimeRequest {
  readonly routeKey: string;
  readonly connectionId: string;
  /** Lower-cased names (API Gateway keeps the client's spelling). */
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly body: string;
  readonly log: Logger;
}

export type RealtimeRoute = (request: RealtimeRequest) => Promise<RealtimeResult>;

function definedValues(source: Readonly<Record<string, string | undefined>> | null | undefined, lowerCaseNames: boolean) {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(source ?? {})) {
    if (value !== undefined) out[lowerCaseNames ? name.toLowerCase() : name] = value;
  }
  return out;
}

export function readRealtimeRequest(event: RealtimeLambdaEvent): RealtimeRequest {
  const { routeKey, connectionId, requestId } = event.requestContext;
  const raw = event.body ?? '';
  return {
    routeKey,
    connectionId,
    headers: definedValues(event.headers, true),
    query: definedValues(event.queryStringParameters, false),
    body: event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw,
    log: createLogger({ requestId, routeKey, connectionId }, config().logLevel),
  };
}
