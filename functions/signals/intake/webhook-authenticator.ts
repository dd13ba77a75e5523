import type { ItemSource } from '../../data/item-source';
import type { ItemKey } from '../../data/prefetch-keys';
import { UnauthorizedError } from '../../platform/errors';
import type { RateRule } from '../../limits/fixed-window';
import type { WebhookBridge } from './accept-webhook-signal';
import type { AuthenticatedWebhook } from './receive-webhook-signal';
import { hashWebhookKey } from './webhook-keys';
import { cachedWebhookOwner, forgetWebhookOwner, rememberWebhookOwner, type WebhookOwner } from './webhook-owner-cache';

/**
 * What a kind of bridge tells the one webhook authenticator: how its URL names a bridge and an owner,
 * how to read the bridge, and its rate. Both webhooks (JSON and custom bridge) configure it.
 */
export interface WebhookKind<Bridge> {
  /** The 401 answer for every URL that names no bridge (unknown, replaced or malformed key): one answer, so the halves cannot be guessed apart. */
  readonly unknownMessage: string;
  /** This runtime's cache entry for the URL's credential. */
  credentialOf(presentedHash: string): string;
  /** The owner the URL names from the kind's lookup (null: no such bridge or a wrong key). */
  lookUpOwner(presentedKey: string): Promise<WebhookOwner | null>;
  /** Whether a cached owner may be used for this presented key's hash (the cache may be keyed by something else than the hash). */
  cacheMatches(cached: WebhookOwner, presentedHash: string): boolean;
  readBridge(owner: { readonly frchId: number; readonly userId: number }, bridgeId: string, items: ItemSource): Promise<Bridge | null>;
  /** Whether the stored bridge still carries the presented key (a reset key fails at once, cached or not). */
  stillCurrent(bridge: Bridge, presentedHash: string, fromCache: boolean): boolean;
  /** The key hash to remember the owner under; null: do not cache this bridge. */
  storedKeyHash(bridge: Bridge): string | null;
  webhookBridgeOf(bridge: Bridge): WebhookBridge;
  rateOf(frchId: number, bridgeId: string): { readonly rule: RateRule; readonly key: string; readonly refusal: string };
  bridgeKeyOf(frchId: number, userId: number, bridgeId: string): ItemKey;
}

/**
 * The owner and bridge the URL names, or 401 (nothing is stored for a caller who holds no key). The
 * bridge item itself is read by the intake, alongside the sender checks and the rate (one round trip);
 * it must still carry the presented key's hash, and then the owner is remembered by this runtime.
 */
export async function authenticateWebhook<Bridge>(frchId: number, presentedKey: string, kind: WebhookKind<Bridge>): Promise<AuthenticatedWebhook> {
  const presentedHash = hashWebhookKey(presentedKey);
  const credential = kind.credentialOf(presentedHash);
  const cached = cachedWebhookOwner(credential);
  const fromCache = cached !== null && kind.cacheMatches(cached, presentedHash);
  const known = fromCache ? cached : await kind.lookUpOwner(presentedKey);
  if (!known) throw new UnauthorizedError(kind.unknownMessage);
  const owner = { frchId, userId: known.userId };
  const loadBridge = async (items: ItemSource): Promise<WebhookBridge> => {
    const bridge = await kind.readBridge(owner, known.bridgeId, items);
    if (!bridge || !kind.stillCurrent(bridge, presentedHash, fromCache)) {
      forgetWebhookOwner(credential);
      throw new UnauthorizedError(kind.unknownMessage);
    }
    const keyHash = kind.storedKeyHash(bridge);
    if (keyHash !== null) rememberWebhookOwner(credential, { userId: owner.userId, bridgeId: known.bridgeId, keyHash });
    return kind.webhookBridgeOf(bridge);
  };
  return { owner, bridgeId: known.bridgeId, bridgeKey: kind.bridgeKeyOf(frchId, owner.userId, known.bridgeId), loadBridge, rate: kind.rateOf(frchId, known.bridgeId) };
}
