import type { BrokerKind } from '../../../shared/domain/brokers';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { loadLiveAccount } from '../accounts/owned-account';
import { completeKiteLogin } from './kite-session';

/**
 * The end of a broker's login redirect (`/dematconnected`): the single-use token the broker sent back
 * is exchanged for a session and the account becomes connected. One entry per broker that logs in by
 * redirect (Upstox `code` and Fyers `auth_code` slot in here); the others log in with stored credentials.
 */
export type CompleteRedirectLogin = (owner: AccountOwner, accountId: string, token: string, log: Logger) => Promise<BrokerAccountItem>;

export const NO_REDIRECT_LOGIN_MESSAGE = 'This broker does not log in by redirect.';

const REDIRECT_LOGINS: Readonly<Partial<Record<BrokerKind, CompleteRedirectLogin>>> = {
  zerodha: completeKiteLogin,
};

/** Another user's (or an unknown) account is 404 before anything else is said about it. */
export async function completeRedirectLogin(owner: AccountOwner, accountId: string, token: string, log: Logger): Promise<BrokerAccountItem> {
  const account = await loadLiveAccount(owner, accountId);
  const complete = REDIRECT_LOGINS[account.broker];
  if (!complete) throw new BusinessRuleError(NO_REDIRECT_LOGIN_MESSAGE);
  return complete(owner, account.broker_id, token, log);
}
