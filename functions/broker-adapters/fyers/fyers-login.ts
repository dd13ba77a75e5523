import { createHash } from 'node:crypto';
import { BrokerError, BrokerRejectedError, BrokerSessionExpiredError, BrokerUnavailableError, type SessionFailureReason } from '../http/broker-errors';
import { createBrokerPlumbing, type BrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import { systemClock, type Clock } from '../http/clock';
import { FyersClient } from './fyers-client';
import {
  FYERS_ACCESS_TOKEN_FALLBACK_LIFETIME_MS,
  FYERS_API_BASE_URL,
  FYERS_BROKER,
  FYERS_ENDPOINT,
  FYERS_PATHS,
  FYERS_RATE_PLAN,
  FYERS_REFRESH_TOKEN_LIFETIME_MS,
  type FyersRateClass,
} from './fyers-config';
import { fyersProfileData, fyersRefreshedData, fyersTokensData } from './fyers-schemas';
import { fyersTokenExpiry, type FyersGrant, type FyersSession } from './fyers-session';

export type FyersLoginOptions = PlumbingOverrides<FyersRateClass> & { readonly clock?: Clock };

/** `appIdHash` = SHA-256 hex of `<app_id>:<app_secret>` (§5.1); the secret itself never leaves the server. */
export function fyersAppIdHash(appId: string, appSecret: string): string {
  return createHash('sha256').update(`${appId}:${appSecret}`).digest('hex');
}

/** Where to send the user to log in; Fyers redirects to `redirectUri` with `auth_code` and the same `state` (§5.1). */
export function fyersLoginUrl(appId: string, redirectUri: string, state: string, baseUrl = FYERS_API_BASE_URL): string {
  const url = new URL(FYERS_PATHS.generateAuthCode, baseUrl);
  url.searchParams.set('client_id', appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return url.toString();
}

/** Fyers' refusal of a login step is the user's to fix; anything else means the step did not complete. */
function loginError(error: unknown, reason: SessionFailureReason, what: string): unknown {
  if (error instanceof BrokerRejectedError || error instanceof BrokerSessionExpiredError) {
    return new BrokerSessionExpiredError(FYERS_BROKER, reason, `Fyers ${what} failed: ${error.message}`);
  }
  if (error instanceof BrokerError) return new BrokerUnavailableError(FYERS_BROKER, `Fyers ${what} did not complete: ${error.message}`);
  return error;
}

function plumbingFor(appId: string, options: FyersLoginOptions): BrokerPlumbing<FyersRateClass> {
  return createBrokerPlumbing(FYERS_BROKER, appId, { endpoint: FYERS_ENDPOINT, ratePlan: FYERS_RATE_PLAN }, options);
}

/** The client id behind an access token (`GET /profile` → `data.fy_id`). */
async function fyersUserIdOf(plumbing: BrokerPlumbing<FyersRateClass>, session: FyersSession, clock: Clock): Promise<string> {
  const profile = await new FyersClient(plumbing, session, clock).call({ method: 'GET', path: FYERS_PATHS.profile, mode: 'read', schema: fyersProfileData });
  return profile.data.fy_id;
}

export interface FyersAuthCodeExchange {
  readonly appId: string;
  readonly appSecret: string;
  readonly authCode: string;
}

/**
 * Exchanges the `auth_code` of the login redirect for access and refresh tokens (`validate-authcode`,
 * JSON body with `appIdHash`), then reads the client id. Any refusal is a login failure.
 */
export async function exchangeFyersAuthCode(exchange: FyersAuthCodeExchange, options: FyersLoginOptions = {}): Promise<FyersGrant> {
  const clock = options.clock ?? systemClock;
  const plumbing = plumbingFor(exchange.appId, options);
  try {
    const issuedAt = clock();
    const tokens = await new FyersClient(plumbing, null, clock).call({
      method: 'POST',
      path: FYERS_PATHS.validateAuthCode,
      body: { grant_type: 'authorization_code', appIdHash: fyersAppIdHash(exchange.appId, exchange.appSecret), code: exchange.authCode },
      // The auth code is single-use: never repeated.
      mode: 'write',
      schema: fyersTokensData,
    });
    const unnamed: FyersSession = {
      appId: exchange.appId,
      accessToken: tokens.access_token,
      userId: '',
      validUntil: fyersTokenExpiry(tokens.access_token, issuedAt, FYERS_ACCESS_TOKEN_FALLBACK_LIFETIME_MS),
    };
    return {
      session: { ...unnamed, userId: await fyersUserIdOf(plumbing, unnamed, clock) },
      refreshToken: tokens.refresh_token,
      refreshValidUntil: fyersTokenExpiry(tokens.refresh_token, issuedAt, FYERS_REFRESH_TOKEN_LIFETIME_MS),
    };
  } catch (error) {
    throw loginError(error, 'login-failed', 'login');
  }
}

export interface FyersTokenRefresh {
  readonly appId: string;
  readonly appSecret: string;
  /** The user's Fyers PIN, which `validate-refresh-token` requires. Never logged. */
  readonly pin: string;
  readonly refreshToken: string;
  readonly userId: string;
}

/** A new access token from the refresh token and PIN (`validate-refresh-token`, §5.1); a refusal is 'refresh-failed'. */
export async function refreshFyersSession(refresh: FyersTokenRefresh, options: FyersLoginOptions = {}): Promise<FyersSession> {
  const clock = options.clock ?? systemClock;
  try {
    const issuedAt = clock();
    const renewed = await new FyersClient(plumbingFor(refresh.appId, options), null, clock).call({
      method: 'POST',
      path: FYERS_PATHS.validateRefreshToken,
      body: {
        grant_type: 'refresh_token',
        appIdHash: fyersAppIdHash(refresh.appId, refresh.appSecret),
        refresh_token: refresh.refreshToken,
        pin: refresh.pin,
      },
      mode: 'write',
      schema: fyersRefreshedData,
    });
    return {
      appId: refresh.appId,
      accessToken: renewed.access_token,
      userId: refresh.userId,
      validUntil: fyersTokenExpiry(renewed.access_token, issuedAt, FYERS_ACCESS_TOKEN_FALLBACK_LIFETIME_MS),
    };
  } catch (error) {
    throw loginError(error, 'refresh-failed', 'session refresh');
  }
}
