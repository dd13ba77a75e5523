import { getBridgeWebhookLookup, type BridgeWebhookLookup } from '../data/bridges-repository';
import { hashWebhookKey, keyMatches } from '../signals/intake/webhook-keys';

/** A key as `newWebhookKey` makes it: 32 bytes in base64url. Anything else is refused before any read. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The owner and bridge a webhook key names in the request's franchise, or null for an unknown, replaced or
 * malformed key (all answer alike). The lookup is keyed by the key's SHA-256 hash; the stored hash is then
 * compared in constant time as well, so no answer time depends on how much of a key was right.
 */
export async function resolveBridgeKey(frchId: number, presentedKey: string): Promise<BridgeWebhookLookup | null> {
  if (!KEY_SHAPE.test(presentedKey)) return null;
  const lookup = await getBridgeWebhookLookup(frchId, hashWebhookKey(presentedKey));
  return lookup && keyMatches(lookup.key_hash, presentedKey) ? lookup : null;
}
