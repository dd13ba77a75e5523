import type { ConnectBrokerRequest } from '../../shared/contracts/broker';
import type { BrokerAccountItem } from '../data/broker-accounts-repository';
import { findSubUserLogin, rememberSubUserLogin } from '../data/sub-users/sub-user-logins-repository';
import { connectAccount, type ConnectOutcome } from '../broker-accounts/accounts/connect-account';
import type { LoginContext } from '../broker-accounts/integrations/broker-integration';
import { completeRedirectLogin } from '../broker-accounts/sessions/redirect-logins';
import type { Principal } from '../platform/http/principal';
import { assertMayConnectBrokers, SUB_USER_DEMAT_NOT_ALLOWED_MESSAGE } from './sub-user-permissions';
import { findManagedSubUser } from './sub-user-scope';

/** How long a parent has to finish a broker's login redirect it started for a sub-user. */
const SUB_USER_LOGIN_WINDOW_MS = 60 * 60_000;

/**
 * A parent connects a broker account on a managed sub-user's behalf (404 for anyone else): the same
 * connection as `connectbroker`, owned by the sub-user (it sees it on its own /demat). Refused (403) while
 * the sub-user's demat permission is off — checked here with the parent's wording, and again by
 * `connectAccount` for the owner, as for every connection. A redirect broker's login is remembered for
 * the parent, so the redirect it finishes in its own browser completes the sub-user's account.
 */
export async function connectSubUserBroker(principal: Principal, subUserId: number, request: ConnectBrokerRequest, context: LoginContext): Promise<ConnectOutcome> {
  const subUser = await findManagedSubUser(principal, subUserId);
  const owner = { frchId: subUser.frch_id, userId: subUser.user_id };
  await assertMayConnectBrokers(owner, SUB_USER_DEMAT_NOT_ALLOWED_MESSAGE);
  const outcome = await connectAccount(owner, request, context);
  if (outcome.loginUrl) {
    await rememberSubUserLogin(principal, outcome.account.broker_id, subUser.user_id, new Date(context.now.getTime() + SUB_USER_LOGIN_WINDOW_MS), context.now);
  }
  return outcome;
}

/**
 * The end of a broker's login redirect (`completebrokerlogin`): the caller's own account, or — when the
 * caller started the login for a sub-user it still manages, within the hour — that sub-user's account.
 */
export async function completeBrokerLogin(principal: Principal, accountId: string, token: string, context: LoginContext): Promise<BrokerAccountItem> {
  const subUserId = await findSubUserLogin(principal, accountId, context.now);
  if (subUserId === null) return completeRedirectLogin(principal, accountId, token, context);
  const subUser = await findManagedSubUser(principal, subUserId);
  const owner = { frchId: subUser.frch_id, userId: subUser.user_id };
  await assertMayConnectBrokers(owner, SUB_USER_DEMAT_NOT_ALLOWED_MESSAGE);
  return completeRedirectLogin(owner, accountId, token, context);
}
