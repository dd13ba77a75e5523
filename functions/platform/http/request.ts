import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_BASE_PATH } from '../../../shared/domain/constants';
import { VIEWER_IP_HEADER } from '../../../shared/config/headers';
import { requestHost } from './tenant';

/** The parts of an API Gateway HTTP API v2 event the pipeline uses, normalised once. */
export interface IncomingRequest {
  readonly method: string;
  /** Path under /api/v4, e.g. `/auth/userlogin`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly host: string;
  readonly sourceIp: string;
  readonly userAgent: string;
  /** The body as text (base64 bodies decoded); binary bodies keep their bytes in `bodyBytes`. */
  readonly bodyText: string;
  readonly bodyBytes: Buffer;
}

export function readRequest(event: APIGatewayProxyEventV2): IncomingRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  const rawPath = event.rawPath ?? event.requestContext.http.path;
  const path = rawPath.startsWith(API_BASE_PATH) ? rawPath.slice(API_BASE_PATH.length) || '/' : rawPath;
  const bodyBytes = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) query[name] = value;
  }
  return {
    method: event.requestContext.http.method.toUpperCase(),
    path,
    headers,
    query,
    host: requestHost(headers) || event.requestContext.domainName,
    sourceIp: headers[VIEWER_IP_HEADER] ?? event.requestContext.http.sourceIp,
    userAgent: event.requestContext.http.userAgent ?? '',
    bodyText: bodyBytes.toString('utf8'),
    bodyBytes,
  };
}
