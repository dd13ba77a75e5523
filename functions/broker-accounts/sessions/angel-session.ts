import * as z from 'zod';
import { angelCredentialsSchema } from '../../../shared/contracts/broker';
import { loginAngel } from '../../broker-adapters/angelone/angel-login';
import type { AngelCredentials, AngelSession } from '../../broker-adapters/angelone/angel-session';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { Logger } from '../../platform/logger';
import { openCredentials, openSession } from './account-secrets';
import { angelApiBaseUrl, angelNetwork } from './broker-endpoints';
import { loginEgressOf } from '../integrations/egress-route';
import { withLoginRefusalsAsRuleErrors } from './login-failure';
import { storeSession, type GrantedSession } from './store-session';

type AngelCredentialFields = z.infer<typeof angelCredentialsSchema>;

export function angelCredentialsOf(fields: AngelCredentialFields): AngelCredentials {
  return { apiKey: fields.api_key, clientCode: fields.client_code, pin: fields.pin, totpSecret: fields.totp_secret };
}

/**
 * Logs in with client code, PIN and a TOTP from the secret; a refusal is a 422 with Angel's reason. An
 * account with a static IP logs in from it (Angel binds the session to the IP it came from).
 */
export async function logInToAngel(credentials: AngelCredentials, account?: Pick<BrokerAccountItem, 'egress'>): Promise<AngelSession> {
  const network = account?.egress ? { ...angelNetwork(), publicIp: account.egress.address } : angelNetwork();
  const egress = account ? await loginEgressOf(account) : {};
  return withLoginRefusalsAsRuleErrors(() => loginAngel(credentials, { network, endpoint: { baseUrl: angelApiBaseUrl() }, ...egress }));
}

export function angelGrant(session: AngelSession): GrantedSession {
  return {
    tokens: { jwt_token: session.jwtToken, refresh_token: session.refreshToken, feed_token: session.feedToken ?? '' },
    validUntil: session.validUntil,
    brokerUserId: session.clientCode,
  };
}

/** Logs the account in again with its stored credentials and stores the new session. */
export async function loginAngelAccount(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<BrokerAccountItem> {
  const credentials = angelCredentialsOf(angelCredentialsSchema.parse(await openCredentials(owner, account)));
  const session = await logInToAngel(credentials, account);
  return storeSession(owner, account, angelGrant(session), log);
}

const angelTokensSchema = z.object({ jwt_token: z.string().min(1), refresh_token: z.string().min(1), feed_token: z.string() });

/** The stored Angel session of a connected account, for the adapter. */
export async function angelSessionOf(owner: AccountOwner, account: BrokerAccountItem): Promise<AngelSession | null> {
  const tokens = angelTokensSchema.safeParse(await openSession(owner, account));
  if (!tokens.success || !account.session_valid_until) return null;
  const credentials = angelCredentialsSchema.parse(await openCredentials(owner, account));
  return {
    apiKey: credentials.api_key,
    clientCode: credentials.client_code,
    jwtToken: tokens.data.jwt_token,
    refreshToken: tokens.data.refresh_token,
    feedToken: tokens.data.feed_token || null,
    validUntil: Date.parse(account.session_valid_until),
  };
}
