import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import { loadLiveAccount } from '../accounts/owned-account';
import type { LoginContext } from '../integrations/broker-integration';
import { integrationOf } from '../integrations/registry';

/**
 * The end of a broker's login redirect (`/dematconnected`): the single-use token the broker sent back
 * (Kite `request_token`, Upstox `code`, Fyers `auth_code`) is exchanged for a session and the account
 * becomes connected. Brokers that log in with stored credentials have no redirect to complete.
 */
export const NO_REDIRECT_LOGIN_MESSAGE = 'This broker does not log in by redirect.';

/** Another user's (or an unknown) account is 404 before anything else is said about it. */
export async function completeRedirectLogin(owner: AccountOwner, accountId: string, token: string, context: LoginContext): Promise<BrokerAccountItem> {
  const account = await loadLiveAccount(owner, accountId);
  const { completeRedirect } = integrationOf(account.broker);
  if (!completeRedirect) throw new BusinessRuleError(NO_REDIRECT_LOGIN_MESSAGE);
  return completeRedirect(owner, account, token, context);
}
