import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The optional signed webhook (issue 6; reliability.md: Stripe's scheme): a sender that can sign adds
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the bridge's signing
 * secret. The timestamp must be within ±300 s of now both ways, so a captured request cannot be replayed
 * later; other schemes (v0, …) are ignored, several v1 values are allowed (one per active secret).
 */
export const SIGNATURE_HEADER = 'x-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

interface ParsedHeader {
  readonly timestamp: number;
  readonly signatures: readonly string[];
}

function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body, 'utf8').digest('hex');
}

/** Builds the header a sender sends (tests, the SPA's "send test signal", documentation). */
export function signatureHeaderOf(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/** Compares digests of equal length in constant time: no early exit on the first different byte. */
function sameDigest(expectedHex: string, givenHex: string): boolean {
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

export function verifySignature(header: string | undefined, body: string, secret: string, now: Date): SignatureVerdict {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'This bridge requires a signed request (X-Signature header)' };
  const parsed = parseHeader(header);
  if (parsed === null) return { ok: false, reason: 'The X-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>' };
  const skew = Math.abs(Math.floor(now.getTime() / 1000) - parsed.timestamp);
  if (skew > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: `The signature's timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s from now` };
  const expected = signatureOf(secret, parsed.timestamp, body);
  // Every candidate is compared (no short-circuit), so timing does not tell which one matched.
  const matches = parsed.signatures.map((given) => sameDigest(expected, given));
  return matches.includes(true) ? { ok: true } : { ok: false, reason: 'The signature does not match the body' };
}
