import { decodeBase32, totpAt } from '../angelone/totp';
import { BrokerError, BrokerRejectedError, BrokerSessionExpiredError, BrokerUnavailableError, type SessionFailureReason } from '../http/broker-errors';
import { createBrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import { systemClock, type Clock } from '../http/clock';
import { DhanClient } from './dhan-client';
import { DHAN_AUTH_ENDPOINT, DHAN_BROKER, DHAN_ENDPOINT, DHAN_PATHS, DHAN_RATE_PLAN, type DhanRateClass } from './dhan-config';
import { dhanTokenData } from './dhan-schemas';
import { dhanSessionValidUntil, type DhanCredentials, type DhanSession } from './dhan-session';

export interface DhanLoginOptions extends PlumbingOverrides<DhanRateClass> {
  /** The platform's broker-account id: the key of the per-account limiters (defaults to the client id). */
  readonly accountKey?: string;
  readonly clock?: Clock;
}

/**
 * A failed token call as the caller should see it: Dhan's refusal means the credentials (or the token)
 * are no good; anything else means the call did not complete and may be tried later.
 */
async function tokenCall<T>(reason: SessionFailureReason, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BrokerRejectedError) throw new BrokerSessionExpiredError(DHAN_BROKER, reason, `${what} failed: ${error.message}`);
    if (error instanceof BrokerSessionExpiredError) {
      const why = error.reason === 'past-validity' ? 'the token has already expired' : 'Dhan refused the credentials';
      throw new BrokerSessionExpiredError(DHAN_BROKER, reason, `${what} failed: ${why}`);
    }
    if (error instanceof BrokerError) throw new BrokerUnavailableError(DHAN_BROKER, `${what} did not complete: ${error.message}`);
    throw error;
  }
}

/**
 * The TOTP route (§6.1): `POST auth.dhan.co/app/generateAccessToken?dhanClientId=&pin=&totp=`, the TOTP
 * generated from the stored secret. Sent once (a login is never repeated blindly); the secrets travel in
 * the query string because that is where Dhan reads them, and are never logged.
 */
export async function loginDhan(credentials: DhanCredentials, options: DhanLoginOptions = {}): Promise<DhanSession> {
  const clock = options.clock ?? systemClock;
  const accountKey = options.accountKey ?? credentials.clientId;
  const plumbing = createBrokerPlumbing(DHAN_BROKER, accountKey, { endpoint: DHAN_AUTH_ENDPOINT, ratePlan: DHAN_RATE_PLAN }, options);
  const client = new DhanClient(plumbing, null, clock);
  const totp = totpAt(decodeBase32(credentials.totpSecret), clock());
  const token = await tokenCall('login-failed', 'Dhan login', () =>
    client.call({
      method: 'POST',
      path: DHAN_PATHS.generateAccessToken,
      query: [
        ['dhanClientId', credentials.clientId],
        ['pin', credentials.pin],
        ['totp', totp],
      ],
      rateClass: 'login',
      mode: 'write',
      schema: dhanTokenData,
    }),
  );
  return { clientId: token.dhanClientId, accessToken: token.accessToken, validUntil: dhanSessionValidUntil(token.expiryTime, clock()) };
}

/**
 * `GET /v2/RenewToken` (§6.1): another 24 h for a token that is still alive; Dhan retires the old one, so
 * the call is never repeated. A dead token cannot be renewed — only a new login helps.
 */
export async function renewDhanSession(session: DhanSession, options: DhanLoginOptions = {}): Promise<DhanSession> {
  const clock = options.clock ?? systemClock;
  const accountKey = options.accountKey ?? session.clientId;
  const plumbing = createBrokerPlumbing(DHAN_BROKER, accountKey, { endpoint: DHAN_ENDPOINT, ratePlan: DHAN_RATE_PLAN }, options);
  const client = new DhanClient(plumbing, session, clock);
  const token = await tokenCall('refresh-failed', 'Dhan token renewal', () =>
    client.call({
      method: 'GET',
      path: DHAN_PATHS.renewToken,
      headers: { dhanClientId: session.clientId },
      rateClass: 'read',
      mode: 'write',
      schema: dhanTokenData,
    }),
  );
  return { clientId: token.dhanClientId, accessToken: token.accessToken, validUntil: dhanSessionValidUntil(token.expiryTime, clock()) };
}
