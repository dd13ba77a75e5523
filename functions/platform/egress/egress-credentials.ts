import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The per-slot credentials of the egress proxy. The proxy is stateless: a caller may bind an upstream
 * socket to an address only when it shows a token the platform derived for exactly that (slot, address)
 * pair with the shared secret, so a leaked token opens one slot and nothing else.
 */

/** Header in which the client names the address the proxy must bind to (covered by the token). */
export const EGRESS_BIND_HEADER = 'x-egress-bind';

/** Header of every proxy refusal: a short machine-readable reason the client shows the user. */
export const EGRESS_REASON_HEADER = 'x-egress-reason';

/** base64url(HMAC-SHA256(secret, `${ipId}|${bindAddress}`)). */
export function egressToken(secret: string, ipId: string, bindAddress: string): string {
  return createHmac('sha256', secret).update(`${ipId}|${bindAddress}`).digest('base64url');
}

/** The `Proxy-Authorization` value: `Basic base64(<ip_id>:<token>)`. */
export function proxyAuthorization(ipId: string, token: string): string {
  return `Basic ${Buffer.from(`${ipId}:${token}`, 'utf8').toString('base64')}`;
}

export interface ProxyCredentials {
  readonly ipId: string;
  readonly token: string;
}

/** The slot id and token of a `Proxy-Authorization` header; null when absent or not Basic. */
export function parseProxyAuthorization(header: string | undefined): ProxyCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { ipId: decoded.slice(0, colon), token: decoded.slice(colon + 1) };
}

/** Whether `token` is the one for (ipId, bindAddress), compared in constant time. */
export function verifyEgressToken(secret: string, ipId: string, bindAddress: string, token: string): boolean {
  const expected = Buffer.from(egressToken(secret, ipId, bindAddress), 'utf8');
  const given = Buffer.from(token, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
