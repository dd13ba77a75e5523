import { createHash } from 'node:crypto';
import * as z from 'zod';
import { nowMs } from '../../platform/clock';
import { expectOk, phonePeRequest, readAnswer } from './phonepe-http';

/** One PhonePe merchant's OAuth client (the secret is opened from the franchise's sealed settings). */
export interface PhonePeClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly clientVersion: number;
}

interface CachedToken {
  readonly header: string;
  /** From here on a new token is fetched ("shortly before expiry"). */
  readonly refreshAtMs: number;
  readonly expiresAtMs: number;
}

/**
 * Tokens per (OAuth host, client, version, secret) in this process — one process serves many franchises,
 * which the official SDK's process-wide singleton cannot (reference §1.1). Concurrent callers share one
 * fetch; a failed refresh keeps using a token that has not expired yet (as the SDK does).
 */
const tokens = new Map<string, CachedToken>();
const fetching = new Map<string, Promise<CachedToken>>();

const tokenAnswerSchema = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().min(1).nullish(),
    issued_at: z.number().nullish(),
    expires_at: z.number().nullish(),
    session_expires_at: z.number().nullish(),
  })
  .loose();

/** A token with no stated lifetime is taken to live an hour. */
const ASSUMED_LIFETIME_MS = 3_600_000;

function cacheKey(oauthUrl: string, credentials: PhonePeClientCredentials): string {
  return createHash('sha256').update(JSON.stringify([oauthUrl, credentials.clientId, credentials.clientVersion, credentials.clientSecret])).digest('hex');
}

async function fetchToken(oauthUrl: string, credentials: PhonePeClientCredentials, timeoutMs: number): Promise<CachedToken> {
  const form = new URLSearchParams({
    client_id: credentials.clientId,
    client_version: String(credentials.clientVersion),
    client_secret: credentials.clientSecret,
    grant_type: 'client_credentials',
  });
  const answer = await phonePeRequest(
    { method: 'POST', url: `${oauthUrl}/v1/oauth/token`, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form.toString(), timeoutMs },
    'token request',
  );
  const token = readAnswer(tokenAnswerSchema, expectOk(answer, 'token request'), 'token request');
  const fetchedAt = nowMs();
  const issuedAtMs = token.issued_at ? token.issued_at * 1000 : fetchedAt;
  const statedExpiry = token.expires_at ?? token.session_expires_at;
  const expiresAtMs = statedExpiry ? statedExpiry * 1000 : issuedAtMs + ASSUMED_LIFETIME_MS;
  const lifetime = Math.max(0, expiresAtMs - issuedAtMs);
  // A minute early, or a tenth of the lifetime for long tokens, never before the token's half-life.
  const margin = Math.min(Math.max(60_000, lifetime / 10), lifetime / 2);
  return { header: `${token.token_type ?? 'O-Bearer'} ${token.access_token}`, refreshAtMs: expiresAtMs - margin, expiresAtMs };
}

/**
 * The `Authorization` header value for PhonePe's PG calls: the cached token until shortly before it
 * expires, else a new one. `force` fetches anew (after a 401).
 */
export async function phonePeAuthorization(oauthUrl: string, credentials: PhonePeClientCredentials, options: { readonly force?: boolean; readonly timeoutMs: number }): Promise<string> {
  const key = cacheKey(oauthUrl, credentials);
  const cached = tokens.get(key);
  if (!options.force && cached && nowMs() < cached.refreshAtMs) return cached.header;
  let pending = fetching.get(key);
  if (!pending) {
    pending = fetchToken(oauthUrl, credentials, options.timeoutMs).then(
      (fresh) => {
        tokens.set(key, fresh);
        return fresh;
      },
    );
    const inFlight = pending;
    fetching.set(key, inFlight);
    void inFlight.then(
      () => fetching.delete(key),
      () => fetching.delete(key),
    );
  }
  try {
    return (await pending).header;
  } catch (error) {
    if (!options.force && cached && nowMs() < cached.expiresAtMs) return cached.header;
    throw error;
  }
}

/** Tests start from an empty cache. */
export function forgetPhonePeTokens(): void {
  tokens.clear();
  fetching.clear();
}
