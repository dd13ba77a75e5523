import { putConnection } from '../data/connections-repository';
import { authenticate } from '../http/authenticate';
import { assertThroughSite } from '../platform/http/origin-check';
import { requestHost, resolveFranchise } from '../platform/http/tenant';
import type { RealtimeRoute } from './realtime-request';

/**
 * `$connect`. A browser cannot set headers on a WebSocket handshake, so the SPA sends its login
 * token as the `token` query parameter (over wss; never logged). It gets exactly the checks of an
 * Authorization header on the HTTP API: signature and expiry, the franchise of the host, an active
 * user, not revoked. A failed check throws a 401, which refuses the socket. Like the HTTP API, the
 * socket is taken only through the stack's CloudFront (the origin secret, ADR 0010): 403 otherwise.
 */
export const connect: RealtimeRoute = async ({ connectionId, headers, query, log }) => {
  await assertThroughSite(headers);
  const franchiseId = resolveFranchise(requestHost(headers));
  const principal = await authenticate(query.token ? `Bearer ${query.token}` : undefined, franchiseId, 'user');
  await putConnection({ connectionId, frchId: principal.frchId, userId: principal.userId });
  log.info('realtime connected', { userId: principal.userId, frchId: principal.frchId });
  return { statusCode: 200 };
};
