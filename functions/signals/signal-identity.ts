import { createHash } from 'node:crypto';

/**
 * The id of a webhook signal, used as the SQS FIFO deduplication id and the signal record's key
 * (DESIGN.md §5; reliability.md A4, §7). A resend of one signal must get the same id, so no order is
 * placed twice:
 * - the sender named its signal (`signal_id`): the id derives from that name, whenever it is resent;
 * - otherwise from the exact body and the minute it arrived in (IST and UTC minutes coincide), so a
 *   sender's retry within the minute is one signal, while the same alert firing again next minute is a
 *   new one.
 * The bridge id is in both, so two bridges never share an id; the two kinds are labelled apart, so a
 * body can never collide with a provider id. 64 hex characters: within SQS's 128-character limit.
 */
const MS_PER_MINUTE = 60_000;

export interface SignalIdentityInput {
  readonly bridgeId: string;
  readonly providerSignalId: string | null;
  /** The raw body exactly as received. */
  readonly body: string;
  readonly receivedAt: Date;
}

function sha256Hex(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  // Length-prefixed parts: ("ab", "c") and ("a", "bc") hash differently.
  for (const part of parts) hash.update(`${Buffer.byteLength(part, 'utf8')}:`).update(part, 'utf8');
  return hash.digest('hex');
}

export function minuteBucketOf(at: Date): number {
  return Math.floor(at.getTime() / MS_PER_MINUTE);
}

export function signalIdOf({ bridgeId, providerSignalId, body, receivedAt }: SignalIdentityInput): string {
  if (providerSignalId !== null) return sha256Hex('provider', bridgeId, providerSignalId);
  return sha256Hex('body', bridgeId, String(minuteBucketOf(receivedAt)), body);
}
