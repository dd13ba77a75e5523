import { createHash, randomBytes } from 'node:crypto';

/**
 * The id of a webhook signal, used as the SQS FIFO deduplication id and the signal record's key
 * (DESIGN.md §5; reliability.md A4, §7). A resend of one signal must get the same id, so no order is
 * placed twice:
 * - the sender named its signal (`signal_id`): the id derives from that name, whenever it is resent;
 * - otherwise each arrival gets a fresh id, and the bridge's retry window (retry-window.ts) answers a
 *   body the bridge accepted within the last N seconds with the id that first arrival got — a sliding
 *   window, so a retry one second later is the same signal whatever minute it falls in.
 * The bridge id is in every id, so two bridges never share one; the kinds are labelled apart, so a body
 * can never collide with a provider id. 64 hex characters: within SQS's 128-character limit.
 */
function sha256Hex(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  // Length-prefixed parts: ("ab", "c") and ("a", "bc") hash differently.
  for (const part of parts) hash.update(`${Buffer.byteLength(part, 'utf8')}:`).update(part, 'utf8');
  return hash.digest('hex');
}

/** A sender-named signal: the same id whenever it is resent, whatever the body. */
export function namedSignalId(bridgeId: string, providerSignalId: string): string {
  return sha256Hex('provider', bridgeId, providerSignalId);
}

/** What makes two arrivals "the same body on the same bridge": the retry window's key. */
export function bodyDigestOf(bridgeId: string, body: string): string {
  return sha256Hex('body', bridgeId, body);
}

/** A new id for an arrival that is not a retry: its instant and 128 random bits. */
export function arrivalSignalId(bridgeId: string, body: string, receivedAt: Date, nonce: string = randomBytes(16).toString('hex')): string {
  return sha256Hex('arrival', bridgeId, String(receivedAt.getTime()), nonce, body);
}
