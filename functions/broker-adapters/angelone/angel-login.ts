import { BrokerError, BrokerRejectedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../http/broker-errors';
import { createBrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import { systemClock, type Clock } from '../http/clock';
import { AngelClient } from './angel-client';
import { ANGEL_BROKER, ANGEL_ENDPOINT, ANGEL_PATHS, ANGEL_RATE_PLAN, ANGEL_SESSION_LIFETIME_MS, type AngelRateClass } from './angel-config';
import { angelTokensData } from './angel-schemas';
import { bareJwt, type AngelClientNetwork, type AngelCredentials, type AngelSession } from './angel-session';
import { decodeBase32, totpAt } from './totp';

export interface AngelLoginOptions extends PlumbingOverrides<AngelRateClass> {
  readonly network: AngelClientNetwork;
  readonly clock?: Clock;
}

/**
 * `loginByPassword` with client code, PIN and a TOTP generated from the secret (§3.1). Any refusal
 * (wrong PIN, wrong or stale TOTP, unknown client) is a login failure; the secrets are never logged.
 */
export async function loginAngel(credentials: AngelCredentials, options: AngelLoginOptions): Promise<AngelSession> {
  const clock = options.clock ?? systemClock;
  const plumbing = createBrokerPlumbing(ANGEL_BROKER, credentials.clientCode, { endpoint: ANGEL_ENDPOINT, ratePlan: ANGEL_RATE_PLAN }, options);
  const client = new AngelClient(plumbing, credentials.apiKey, options.network);
  const totp = totpAt(decodeBase32(credentials.totpSecret), clock());
  let reading;
  try {
    reading = await client.send(
      {
        method: 'POST',
        path: ANGEL_PATHS.login,
        body: { clientcode: credentials.clientCode, password: credentials.pin, totp },
        rateClass: 'login',
        mode: 'write',
        schema: angelTokensData,
      },
      null,
    );
  } catch (error) {
    if (error instanceof BrokerRejectedError || error instanceof BrokerSessionExpiredError) {
      throw new BrokerSessionExpiredError(ANGEL_BROKER, 'login-failed', `Angel One login failed: ${error.message}`);
    }
    if (error instanceof BrokerError) throw new BrokerUnavailableError(ANGEL_BROKER, `Angel One login did not complete: ${error.message}`);
    throw error;
  }
  if (reading.kind !== 'data') throw new BrokerSessionExpiredError(ANGEL_BROKER, 'login-failed', 'Angel One login failed');
  return {
    apiKey: credentials.apiKey,
    clientCode: credentials.clientCode,
    jwtToken: bareJwt(reading.data.jwtToken),
    refreshToken: reading.data.refreshToken,
    feedToken: reading.data.feedToken ?? null,
    validUntil: clock() + ANGEL_SESSION_LIFETIME_MS,
  };
}
