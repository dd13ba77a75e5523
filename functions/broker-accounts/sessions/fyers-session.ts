import * as z from 'zod';
import { fyersCredentialsSchema } from '../../broker-adapters/fyers/fyers-credentials';
import { exchangeFyersAuthCode, fyersLoginUrl, refreshFyersSession } from '../../broker-adapters/fyers/fyers-login';
import type { FyersGrant, FyersSession } from '../../broker-adapters/fyers/fyers-session';
import { BrokerSessionExpiredError } from '../../broker-adapters/http/broker-errors';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { loadLiveAccount } from '../accounts/owned-account';
import { loginEgressOf } from '../integrations/egress-route';
import { openSession } from './account-secrets';
import { appCredentialsOf } from './app-credentials';
import { fyersApiBaseUrl } from './broker-endpoints';
import { withLoginRefusalsAsRuleErrors } from './login-failure';
import { storeSession, type GrantedSession } from './store-session';

/**
 * Where the Fyers API is (the real one by default), so the local runtime and the tests point at the fake,
 * and the account's static IP, which its logins and renewals leave from. To move into broker-endpoints.ts.
 */
const apiEndpointOverride = async (account: BrokerAccountItem) => ({ endpoint: { baseUrl: fyersApiBaseUrl() }, ...(await loginEgressOf(account)) });

/**
 * Fyers' login page for the account. `state` carries the account id, which Fyers hands back with the
 * `auth_code`; `redirectUri` must be the one registered with the Fyers app.
 */
export async function fyersLoginUrlFor(owner: AccountOwner, account: BrokerAccountItem, redirectUri: string): Promise<string> {
  const { app_id } = fyersCredentialsSchema.parse(await appCredentialsOf(owner, account));
  return fyersLoginUrl(app_id, redirectUri, account.broker_id, fyersApiBaseUrl());
}

/**
 * The tokens are stored sealed; the account's `session_valid_until` is the refresh token's end, because
 * until then the platform can renew the daily access token itself (refresh token + PIN) without the user.
 * The access token's own end travels with it.
 */
function fyersGrantToStore(grant: FyersGrant): GrantedSession {
  return {
    tokens: {
      access_token: grant.session.accessToken,
      access_valid_until: new Date(grant.session.validUntil).toISOString(),
      refresh_token: grant.refreshToken,
    },
    validUntil: grant.refreshValidUntil,
    brokerUserId: grant.session.userId,
  };
}

/** The end of the Fyers redirect flow: the `auth_code` is exchanged with the stored app id and secret, and the account connects. */
export async function completeFyersLogin(owner: AccountOwner, accountId: string, authCode: string, log: Logger): Promise<BrokerAccountItem> {
  const account = await loadLiveAccount(owner, accountId);
  if (account.broker !== 'fyers') throw new BusinessRuleError('This account does not log in through Fyers.');
  const credentials = fyersCredentialsSchema.parse(await appCredentialsOf(owner, account));
  const overrides = await apiEndpointOverride(account);
  const grant = await withLoginRefusalsAsRuleErrors(() =>
    exchangeFyersAuthCode({ appId: credentials.app_id, appSecret: credentials.app_secret, authCode }, overrides),
  );
  return storeSession(owner, account, fyersGrantToStore(grant), log);
}

const fyersTokensSchema = z.object({
  access_token: z.string().min(1),
  access_valid_until: z.string().min(1),
  refresh_token: z.string().min(1),
});

async function storedGrantOf(owner: AccountOwner, account: BrokerAccountItem): Promise<FyersGrant | null> {
  const tokens = fyersTokensSchema.safeParse(await openSession(owner, account));
  if (!tokens.success || !account.session_valid_until) return null;
  const { app_id } = fyersCredentialsSchema.parse(await appCredentialsOf(owner, account));
  return {
    session: {
      appId: app_id,
      accessToken: tokens.data.access_token,
      userId: account.broker_user_id ?? '',
      validUntil: Date.parse(tokens.data.access_valid_until),
    },
    refreshToken: tokens.data.refresh_token,
    refreshValidUntil: Date.parse(account.session_valid_until),
  };
}

/** The stored Fyers session of a connected account, for the adapter (which refuses it once past its validity). */
export async function fyersSessionOf(owner: AccountOwner, account: BrokerAccountItem): Promise<FyersSession | null> {
  return (await storedGrantOf(owner, account))?.session ?? null;
}

/** A session ready to use, and the account as stored afterwards (a renewal writes a new version). */
export interface UsableFyersSession {
  readonly session: FyersSession;
  readonly account: BrokerAccountItem;
}

/** Renews the access token with the refresh token and PIN; null when Fyers refuses or the refresh token has ended. */
async function renew(owner: AccountOwner, account: BrokerAccountItem, stored: FyersGrant, log: Logger, now: Date): Promise<UsableFyersSession | null> {
  if (now.getTime() >= stored.refreshValidUntil) return null;
  const credentials = fyersCredentialsSchema.parse(await appCredentialsOf(owner, account));
  let session: FyersSession;
  try {
    session = await refreshFyersSession(
      { appId: credentials.app_id, appSecret: credentials.app_secret, pin: credentials.pin, refreshToken: stored.refreshToken, userId: stored.session.userId },
      await apiEndpointOverride(account),
    );
  } catch (error) {
    if (error instanceof BrokerSessionExpiredError) return null;
    throw error;
  }
  // Fyers does not issue a new refresh token on renewal: the 15 days still count from the login.
  const renewed = await storeSession(owner, account, fyersGrantToStore({ ...stored, session }), log, now);
  return { session, account: renewed };
}

/**
 * Logs the account in again without the user when its refresh token still works (reconnect).
 * Null = the refresh token is gone, ended or refused: only the login page helps.
 */
export async function refreshFyersAccount(owner: AccountOwner, account: BrokerAccountItem, log: Logger, now = clockNow()): Promise<BrokerAccountItem | null> {
  const stored = await storedGrantOf(owner, account);
  return stored ? ((await renew(owner, account, stored, log, now))?.account ?? null) : null;
}

/**
 * The session to trade with now: the stored one while its access token lasts, else one renewed with the
 * refresh token (and stored). Null = no usable session (the caller treats the account as expired).
 */
export async function usableFyersSessionOf(owner: AccountOwner, account: BrokerAccountItem, log: Logger, now = clockNow()): Promise<UsableFyersSession | null> {
  const stored = await storedGrantOf(owner, account);
  if (!stored) return null;
  if (now.getTime() < stored.session.validUntil) return { session: stored.session, account };
  return renew(owner, account, stored, log, now);
}
