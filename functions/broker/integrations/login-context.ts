import type { RequestScope } from '../../platform/http/route';
import type { LoginContext } from './broker-integration';
import { brokerRedirectUri } from './redirect-uri';

/** The login context of an API request: its log, now, and the tenant's redirect URL. */
export function loginContextOf(scope: RequestScope): LoginContext {
  return { log: scope.log, now: new Date(), redirectUri: brokerRedirectUri(scope.raw) };
}
