import type { BridgeSecurityItem, BridgeSecurityOwner } from '../../data/bridge-security-repository';
import { openSecrets } from '../../platform/secrets/secret-box';
import type { SecretScope } from '../../platform/secrets/sealed-secret';
import { nowMs } from '../../platform/clock';

export const SIGNING_SECRET_FIELD = 'signing_secret';

/** Bound to the owner and the bridge: a sealed secret copied to another bridge does not open. */
export function signingSecretScope(owner: BridgeSecurityOwner, bridgeId: string): SecretScope {
  return { frchId: owner.frchId, userId: owner.userId, accountId: `bridge:${bridgeId}` };
}

/**
 * Opened secrets, kept for a few minutes per warm runtime: opening one may call KMS (tens of ms), which a
 * webhook answering in 20 ms cannot pay on every signal. Keyed by the sealed value's creation time, so a
 * rotated secret is never served from the cache.
 */
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { readonly secret: string; readonly until: number }>();

export async function openSigningSecret(owner: BridgeSecurityOwner, item: BridgeSecurityItem, now = nowMs()): Promise<string | null> {
  if (!item.sealed_secret) return null;
  const key = `${owner.frchId}#${item.bridge_id}#${item.secret_created_at ?? ''}`;
  const cached = cache.get(key);
  if (cached && cached.until > now) return cached.secret;
  const opened = await openSecrets(signingSecretScope(owner, item.bridge_id), item.sealed_secret);
  const secret = opened[SIGNING_SECRET_FIELD];
  if (secret === undefined) throw new Error(`bridge ${item.bridge_id}: sealed signing secret has no ${SIGNING_SECRET_FIELD} field`);
  cache.set(key, { secret, until: now + CACHE_MS });
  return secret;
}
