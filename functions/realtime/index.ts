import type { Context } from 'aws-lambda';
import { DomainError } from '../platform/errors';
import { connect } from './connect';
import { disconnect } from './disconnect';
import { message } from './message';
import { readRealtimeRequest, type RealtimeLambdaEvent, type RealtimeResult, type RealtimeRoute } from './realtime-request';

export type { RealtimeLambdaEvent, RealtimeResult } from './realtime-request';

const ROUTES: ReadonlyMap<string, RealtimeRoute> = new Map([
  ['$connect', connect],
  ['$disconnect', disconnect],
  ['$default', message],
]);

/** The WebSocket API's Lambda: one handler for its three routes. */
export async function handler(event: RealtimeLambdaEvent, _context?: Context): Promise<RealtimeResult> {
  const request = readRealtimeRequest(event);
  const route = ROUTES.get(request.routeKey);
  if (!route) {
    request.log.warn('realtime route not found');
    return { statusCode: 404 };
  }
  try {
    return await route(request);
  } catch (error) {
    if (error instanceof DomainError && error.status < 500) {
      request.log.info('realtime request refused', { status: error.status, reason: error.message });
      return { statusCode: error.status };
    }
    request.log.error('realtime route failed', { error });
    return { statusCode: 500 };
  }
}
