import * as z from 'zod';
import { dhanCredentialsSchema, type DhanCredentialFields } from '../../broker-adapters/dhan/dhan-credentials';
import { loginDhan } from '../../broker-adapters/dhan/dhan-login';
import type { DhanCredentials, DhanSession } from '../../broker-adapters/dhan/dhan-session';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { Logger } from '../../platform/logger';
import { openCredentials, openSession } from './account-secrets';
import { dhanAuthBaseUrl } from './broker-endpoints';
import { loginEgressOf } from '../integrations/egress-route';
import { withLoginRefusalsAsRuleErrors } from './login-failure';
import { storeSession, type GrantedSession } from './store-session';

export function dhanCredentialsOf(fields: DhanCredentialFields): DhanCredentials {
  return { clientId: fields.client_id, pin: fields.pin, totpSecret: fields.totp_secret };
}

/** Logs in with client id, PIN and a TOTP from the secret; a refusal is a 422 with Dhan's reason. An account with a static IP logs in from it. */
export async function logInToDhan(credentials: DhanCredentials, account?: Pick<BrokerAccountItem, 'egress'>): Promise<DhanSession> {
  const egress = account ? await loginEgressOf(account) : {};
  return withLoginRefusalsAsRuleErrors(() => loginDhan(credentials, { endpoint: { baseUrl: dhanAuthBaseUrl() }, ...egress }));
}

export function dhanGrant(session: DhanSession): GrantedSession {
  return { tokens: { access_token: session.accessToken }, validUntil: session.validUntil, brokerUserId: session.clientId };
}

/** Logs the account in again with its stored credentials and stores the new session. */
export async function loginDhanAccount(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<BrokerAccountItem> {
  const credentials = dhanCredentialsOf(dhanCredentialsSchema.parse(await openCredentials(owner, account)));
  const session = await logInToDhan(credentials, account);
  return storeSession(owner, account, dhanGrant(session), log);
}

const dhanTokensSchema = z.object({ access_token: z.string().min(1) });

/** The stored Dhan session of a connected account, for the adapter (null when there is none). */
export async function dhanSessionOf(owner: AccountOwner, account: BrokerAccountItem): Promise<DhanSession | null> {
  const tokens = dhanTokensSchema.safeParse(await openSession(owner, account));
  if (!tokens.success || !account.session_valid_until) return null;
  const { client_id } = dhanCredentialsSchema.parse(await openCredentials(owner, account));
  return { clientId: client_id, accessToken: tokens.data.access_token, validUntil: Date.parse(account.session_valid_until) };
}
