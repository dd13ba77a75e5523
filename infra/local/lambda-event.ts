import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { VIEWER_IP_HEADER } from '../../shared/config/headers';
import { now as clockNow } from '../../functions/platform/clock';

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/** Builds the API Gateway HTTP API (payload 2.0) event that API Gateway would send for this request. */
export function toHttpApiEvent(
  request: IncomingMessage,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string> | undefined,
): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://local');
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // The local gateway stands where CloudFront does: the viewer's address is the socket's, whatever the client sent.
  const viewerIp = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  headers[VIEWER_IP_HEADER] = viewerIp;
  const query: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? '');
  const now = clockNow();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(pathParameters ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: (headers.host ?? '127').split('.')[0] ?? '',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: viewerIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: ulid(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** A Lambda context with a deadline, as the Lambda runtime provides. */
export function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = performance.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: ulid(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, Math.round(deadline - performance.now())),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
