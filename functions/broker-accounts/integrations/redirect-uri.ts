import { WEB_BASE_PATH } from '../../../shared/domain/constants';
import type { IncomingRequest } from '../../platform/http/request';
import { requestHost } from '../../platform/http/tenant';

const LOCAL_HOSTS = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * Where a broker's login redirect returns: the tenant's own `/platform/dematconnected`, on the host the
 * request came to (https, except a local runtime on this machine). The user registers this URL with their broker app.
 */
export function brokerRedirectUri(request: IncomingRequest): string {
  const host = requestHost(request.headers) || request.host;
  const scheme = LOCAL_HOSTS.test(host) ? 'http' : 'https';
  return `${scheme}://${host}${WEB_BASE_PATH}dematconnected`;
}
