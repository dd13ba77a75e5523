import type { LoginContext } from '../../functions/broker-accounts/integrations/broker-integration';
import { now as clockNow } from '../../functions/platform/clock';
import { createLogger, type Logger } from '../../functions/platform/logger';

/** What a use-case called straight from a test knows about its "request": the local runtime's redirect URL. */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:3000/platform/dematconnected';

export function testLoginContext(log: Logger = createLogger(), now: Date = clockNow()): LoginContext {
  return { log, now, redirectUri: TEST_REDIRECT_URI };
}
