import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { config } from '../config';
import { createLogger, type Logger } from '../logger';

/** A webhook URL carries its bridge's secret key as the last segment: logs keep the path, never the key. */
const WEBHOOK_KEY_IN_PATH = /^(\/api\/v4\/users\/(?:json)?bridge\/webhook\/(?:[^/]+\/)?)[^/]+$/;

export function loggablePath(path: string): string {
  return path.replace(WEBHOOK_KEY_IN_PATH, '$1[redacted]');
}
import { mapError } from './map-error';

export interface GroupContext extends Context {
  requestId: string;
  log: Logger;
  /** `performance.now()` when the request arrived: the access line measures its duration. */
  startedAt: number;
  /** Set once the route is known, so errors carry `msg` for the calls the spec says do. */
  withMsg: boolean;
}

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, GroupContext>;

/** Gives every request an id and a logger, and writes one access line per request (no bodies). */
export function requestScope(group: string): Middleware {
  const access = (request: Parameters<NonNullable<Middleware['after']>>[0]) => {
    const { context, event, response } = request;
    context.log.info('request', {
      method: event.requestContext.http.method,
      path: loggablePath(event.rawPath),
      status: response?.statusCode,
      ms: Math.round(performance.now() - context.startedAt),
    });
  };
  return {
    before: (request) => {
      const headerId = request.event.headers?.['x-request-id'];
      const requestId = request.event.requestContext.requestId || (headerId && /^[\w-]{8,64}$/.test(headerId) ? headerId : ulid());
      Object.assign(request.context, {
        requestId,
        startedAt: performance.now(),
        withMsg: false,
        log: createLogger({ requestId, group }, config().logLevel),
      });
    },
    after: access,
    onError: access,
  };
}

/** Registered last so its onError runs first: turns any error into the envelope. */
export function errorEnvelope(): Middleware {
  return {
    onError: (request) => {
      const { context } = request;
      const log = context.log ?? createLogger({ requestId: context.requestId });
      request.response = mapError(request.error, context.requestId ?? 'unknown', log, context.withMsg);
    },
  };
}
