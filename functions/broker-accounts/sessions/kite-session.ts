import { zerodhaCredentialsSchema } from '../../../shared/contracts/broker';
import { exchangeKiteRequestToken, kiteLoginUrl } from '../../broker-adapters/zerodha/kite-login';
import type { KiteSession } from '../../broker-adapters/zerodha/kite-session';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { loadLiveAccount } from '../accounts/owned-account';
import { loginEgressOf } from '../integrations/egress-route';
import { openSession } from './account-secrets';
import { appCredentialsOf } from './app-credentials';
import { kiteApiBaseUrl, kiteLoginPageUrl } from './broker-endpoints';
import { withLoginRefusalsAsRuleErrors } from './login-failure';
import { storeSession } from './store-session';

/** Kite's login page for the account; Kite sends `redirect_params` back, so the callback knows the account. */
export async function kiteLoginUrlFor(owner: AccountOwner, account: BrokerAccountItem): Promise<string> {
  const { api_key } = zerodhaCredentialsSchema.parse(await appCredentialsOf(owner, account));
  const url = new URL(kiteLoginUrl(api_key, kiteLoginPageUrl()));
  url.searchParams.set('redirect_params', new URLSearchParams({ broker_id: account.broker_id }).toString());
  return url.toString();
}

/**
 * The end of the Zerodha redirect flow: the single-use `request_token` Kite sent back is exchanged for
 * a session with the stored key and secret, and the account becomes connected.
 */
export async function completeKiteLogin(owner: AccountOwner, accountId: string, requestToken: string, log: Logger): Promise<BrokerAccountItem> {
  const account = await loadLiveAccount(owner, accountId);
  if (account.broker !== 'zerodha') throw new BusinessRuleError('This account does not log in through Zerodha.');
  const credentials = zerodhaCredentialsSchema.parse(await appCredentialsOf(owner, account));
  const egress = await loginEgressOf(account);
  const session = await withLoginRefusalsAsRuleErrors(() =>
    exchangeKiteRequestToken(
      { apiKey: credentials.api_key, apiSecret: credentials.api_secret, requestToken },
      { endpoint: { baseUrl: kiteApiBaseUrl() }, ...egress },
    ),
  );
  return storeSession(owner, account, { tokens: { access_token: session.accessToken }, validUntil: session.validUntil, brokerUserId: session.userId }, log);
}

/** The stored Kite session of a connected account, for the adapter. */
export async function kiteSessionOf(owner: AccountOwner, account: BrokerAccountItem): Promise<KiteSession | null> {
  const tokens = await openSession(owner, account);
  if (!tokens?.access_token || !account.session_valid_until) return null;
  const { api_key } = zerodhaCredentialsSchema.parse(await appCredentialsOf(owner, account));
  return {
    apiKey: api_key,
    accessToken: tokens.access_token,
    userId: account.broker_user_id ?? '',
    validUntil: Date.parse(account.session_valid_until),
  };
}
