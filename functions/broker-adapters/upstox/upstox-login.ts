import { BrokerError, BrokerRejectedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../http/broker-errors';
import { systemClock, type Clock } from '../http/clock';
import { UpstoxClient } from './upstox-client';
import { UPSTOX_API_BASE_URL, UPSTOX_BROKER, UPSTOX_PATHS } from './upstox-config';
import { createUpstoxPlumbing, type UpstoxPlumbingOverrides } from './upstox-plumbing';
import { upstoxTokenData } from './upstox-schemas';
import { upstoxSessionValidUntil, type UpstoxSession } from './upstox-session';

export interface UpstoxLoginRequest {
  readonly apiKey: string;
  /** Must be the redirect URL registered with the Upstox app, character for character. */
  readonly redirectUri: string;
  /** Comes back unchanged on the redirect, so the callback knows which account is logging in. */
  readonly state: string;
}

/** The authorization dialog the user is sent to; Upstox redirects back with `code` and `state` (§4.1). */
export function upstoxLoginDialogUrl(request: UpstoxLoginRequest, apiBaseUrl = UPSTOX_API_BASE_URL): string {
  const url = new URL(UPSTOX_PATHS.authorize, apiBaseUrl);
  url.searchParams.set('client_id', request.apiKey);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', request.state);
  return url.toString();
}

export interface UpstoxCodeExchange {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly code: string;
  readonly redirectUri: string;
}

/**
 * Exchanges the authorization `code` for an access token (`POST /v2/login/authorization/token`, form body).
 * The code is single-use even when the exchange fails, so it is sent once and never repeated; any refusal
 * is a login failure.
 */
export async function exchangeUpstoxCode(
  exchange: UpstoxCodeExchange,
  overrides: UpstoxPlumbingOverrides & { readonly clock?: Clock } = {},
): Promise<UpstoxSession> {
  const clock = overrides.clock ?? systemClock;
  const client = new UpstoxClient(createUpstoxPlumbing(exchange.apiKey, overrides), null, clock);
  try {
    const data = await client.call({
      host: 'api',
      method: 'POST',
      path: UPSTOX_PATHS.token,
      form: {
        code: exchange.code,
        client_id: exchange.apiKey,
        client_secret: exchange.apiSecret,
        redirect_uri: exchange.redirectUri,
        grant_type: 'authorization_code',
      },
      rateClass: 'read',
      mode: 'write',
      schema: upstoxTokenData,
      answer: 'bare',
    });
    // `extended_token` (read-only, long-lived) is not kept: it cannot trade (UDAPI100067).
    return { accessToken: data.access_token, userId: data.user_id, validUntil: upstoxSessionValidUntil(clock()) };
  } catch (error) {
    if (error instanceof BrokerRejectedError) {
      throw new BrokerSessionExpiredError(UPSTOX_BROKER, 'login-failed', `Upstox login failed: ${error.message}`);
    }
    // A 401 here is about the app's key and secret or the code, not a session (there is none yet).
    if (error instanceof BrokerSessionExpiredError) {
      throw new BrokerSessionExpiredError(UPSTOX_BROKER, 'login-failed', 'Upstox login failed: the API key, secret or login code was refused.');
    }
    if (error instanceof BrokerError) throw new BrokerUnavailableError(UPSTOX_BROKER, `Upstox login did not complete: ${error.message}`);
    throw error;
  }
}
