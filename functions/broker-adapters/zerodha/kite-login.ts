import { createHash } from 'node:crypto';
import { BrokerError, BrokerRejectedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../http/broker-errors';
import { createBrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import { systemClock, type Clock } from '../http/clock';
import { KITE_BROKER, KITE_ENDPOINT, KITE_LOGIN_URL, KITE_RATE_PLAN, type KiteRateClass } from './kite-config';
import { KiteClient } from './kite-client';
import { kiteSessionData } from './kite-schemas';
import { kiteSessionValidUntil, type KiteSession } from './kite-session';

/** Where to send the user to log in; Kite redirects back with `request_token` (§2.1). */
export function kiteLoginUrl(apiKey: string, loginUrl = KITE_LOGIN_URL): string {
  const url = new URL(loginUrl);
  url.searchParams.set('api_key', apiKey);
  url.searchParams.set('v', '3');
  return url.toString();
}

/** SHA-256 hex of api_key + request_token + api_secret (§2.1). */
export function kiteChecksum(apiKey: string, requestToken: string, apiSecret: string): string {
  return createHash('sha256').update(apiKey + requestToken + apiSecret).digest('hex');
}

export const REUSED_LOGIN_TOKEN_MESSAGE = 'Zerodha login failed: the login token is invalid or has expired. Please log in to Zerodha again.';

export interface KiteTokenExchange {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly requestToken: string;
}

/**
 * Exchanges the single-use `request_token` for an access token (`POST /session/token`, form body).
 * Any refusal (bad checksum, expired or reused token) is a login failure.
 */
export async function exchangeKiteRequestToken(
  exchange: KiteTokenExchange,
  overrides: PlumbingOverrides<KiteRateClass> & { readonly clock?: Clock } = {},
): Promise<KiteSession> {
  const clock = overrides.clock ?? systemClock;
  const plumbing = createBrokerPlumbing(KITE_BROKER, exchange.apiKey, { endpoint: KITE_ENDPOINT, ratePlan: KITE_RATE_PLAN }, overrides);
  const client = new KiteClient(plumbing, null, clock);
  try {
    const data = await client.call({
      method: 'POST',
      path: '/session/token',
      form: {
        api_key: exchange.apiKey,
        request_token: exchange.requestToken,
        checksum: kiteChecksum(exchange.apiKey, exchange.requestToken, exchange.apiSecret),
      },
      rateClass: 'read',
      mode: 'write',
      schema: kiteSessionData,
    });
    return { apiKey: data.api_key, accessToken: data.access_token, userId: data.user_id, validUntil: kiteSessionValidUntil(clock()) };
  } catch (error) {
    // Kite answers a used or stale request_token with a TokenException, which reads as "session expired" elsewhere.
    if (error instanceof BrokerSessionExpiredError) {
      throw new BrokerSessionExpiredError(KITE_BROKER, 'login-failed', REUSED_LOGIN_TOKEN_MESSAGE);
    }
    if (error instanceof BrokerRejectedError) {
      throw new BrokerSessionExpiredError(KITE_BROKER, 'login-failed', `Zerodha login failed: ${error.message}`);
    }
    if (error instanceof BrokerError) throw new BrokerUnavailableError(KITE_BROKER, `Zerodha login did not complete: ${error.message}`);
    throw error;
  }
}
