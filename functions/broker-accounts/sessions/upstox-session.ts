import { upstoxCredentialsSchema } from '../../broker-adapters/upstox/upstox-credentials';
import { exchangeUpstoxCode, upstoxLoginDialogUrl } from '../../broker-adapters/upstox/upstox-login';
import type { UpstoxSession } from '../../broker-adapters/upstox/upstox-session';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { loadLiveAccount } from '../accounts/owned-account';
import { loginEgressOf } from '../integrations/egress-route';
import { openSession } from './account-secrets';
import { appCredentialsOf } from './app-credentials';
import { upstoxApiBaseUrl } from './broker-endpoints';
import { withLoginRefusalsAsRuleErrors } from './login-failure';
import { storeSession } from './store-session';

/**
 * Upstox's authorization dialog for the account. `state` carries the account id and comes back on the
 * redirect with the code, so the callback knows the account; `redirectUri` must be the one registered with the app.
 */
export async function upstoxLoginUrlFor(owner: AccountOwner, account: BrokerAccountItem, redirectUri: string): Promise<string> {
  const { api_key } = upstoxCredentialsSchema.parse(await appCredentialsOf(owner, account));
  return upstoxLoginDialogUrl({ apiKey: api_key, redirectUri, state: account.broker_id }, upstoxApiBaseUrl());
}

/**
 * The end of the Upstox redirect flow: the single-use `code` is exchanged for a session with the stored key
 * and secret (valid until the next 03:30 IST), and the account becomes connected. A refused code is a 422.
 */
export async function completeUpstoxLogin(
  owner: AccountOwner,
  accountId: string,
  code: string,
  redirectUri: string,
  log: Logger,
): Promise<BrokerAccountItem> {
  const account = await loadLiveAccount(owner, accountId);
  if (account.broker !== 'upstox') throw new BusinessRuleError('This account does not log in through Upstox.');
  const credentials = upstoxCredentialsSchema.parse(await appCredentialsOf(owner, account));
  const egress = await loginEgressOf(account);
  const session = await withLoginRefusalsAsRuleErrors(() =>
    exchangeUpstoxCode(
      { apiKey: credentials.api_key, apiSecret: credentials.api_secret, code, redirectUri },
      { endpoint: { baseUrl: upstoxApiBaseUrl() }, ...egress },
    ),
  );
  return storeSession(owner, account, { tokens: { access_token: session.accessToken }, validUntil: session.validUntil, brokerUserId: session.userId }, log);
}

/** The stored Upstox session of a connected account, for the adapter (null when there is none). */
export async function upstoxSessionOf(owner: AccountOwner, account: BrokerAccountItem): Promise<UpstoxSession | null> {
  const tokens = await openSession(owner, account);
  if (!tokens?.access_token || !account.session_valid_until) return null;
  return { accessToken: tokens.access_token, userId: account.broker_user_id ?? '', validUntil: Date.parse(account.session_valid_until) };
}
