import type { RequestScope } from '../../platform/http/route';
import type { LoginContext } from './broker-integration';
import { brokerRedirectUri } from './redirect-uri';
import { now as clockNow } from '../../platform/clock';

/** The login context of an API request: its log, now, and the tenant's redirect URL. */
export function loginContextOf(scope: RequestScope): LoginContext {
  return { log: scope.log, now: clockNow(), redirectUri: brokerRedirectUri(scope.raw) };
}
