import { bridgeWebhookContracts } from '../../shared/contracts/bridge';
import { getBridge } from '../data/bridges-repository';
import type { ItemSource } from '../data/item-source';
import { customBridgeKeys } from '../data/keys';
import { now } from '../platform/clock';
import { UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import type { WebhookBridge } from '../signals/intake/accept-webhook-signal';
import { receiveWebhookSignal, type AuthenticatedWebhook } from '../signals/intake/receive-webhook-signal';
import { webhookIgnoreReason } from '../signals/custom-bridge/signal-ignore-reason';
import { hashWebhookKey, sameKeyHash } from '../signals/intake/webhook-keys';
import { cachedWebhookOwner, forgetWebhookOwner, rememberWebhookOwner, type WebhookOwner } from '../signals/intake/webhook-owner-cache';
import { orderGroupHints } from '../signals/queue/signal-message';
import { resolveBridgeKey } from './webhook-key';
import { CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE, CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, customBridgeRateKey } from './webhook-rate-rule';

/** One answer for every key that names no bridge (unknown, replaced, malformed). */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown bridge webhook';

const credentialOf = (frchId: number, keyHash: string) => `custom:${frchId}:${keyHash}`;

/** Who owns the bridge the key names, from this runtime's cache, else from the lookup (null: 401). */
async function ownerOf(frchId: number, presentedKey: string, presentedHash: string): Promise<WebhookOwner | null> {
  const cached = cachedWebhookOwner(credentialOf(frchId, presentedHash));
  if (cached) return cached;
  const lookup = await resolveBridgeKey(frchId, presentedKey);
  return lookup ? { userId: lookup.user_id, bridgeId: lookup.bridge_id, keyHash: lookup.key_hash } : null;
}

/**
 * The owner and bridge id the key names, or 401 (nothing is stored for a caller who holds no key). The
 * bridge item is read by the intake, alongside the sender checks and the rate; it must still carry the
 * presented key's hash (a reset key fails at once, cached or not), and then the owner is remembered.
 */
async function authenticatedWebhook(frchId: number, key: string): Promise<AuthenticatedWebhook> {
  const presentedHash = hashWebhookKey(key);
  const known = await ownerOf(frchId, key, presentedHash);
  if (!known) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  const owner = { frchId, userId: known.userId };
  const credential = credentialOf(frchId, presentedHash);
  const loadBridge = async (items: ItemSource): Promise<WebhookBridge> => {
    const bridge = await getBridge(owner, known.bridgeId, items);
    if (!bridge || !sameKeyHash(bridge.key_hash, presentedHash)) {
      forgetWebhookOwner(credential);
      throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
    }
    rememberWebhookOwner(credential, known);
    return { kind: 'custom', id: bridge.bridge_id, ignoreReason: webhookIgnoreReason(bridge), hints: orderGroupHints(bridge.og_id) };
  };
  const rate = { rule: CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, key: customBridgeRateKey(frchId, known.bridgeId), refusal: CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE };
  return { owner, bridgeId: known.bridgeId, bridgeKey: customBridgeKeys.item(frchId, owner.userId, known.bridgeId), loadBridge, rate };
}

/** The custom bridge webhook (issue 6): authenticate by the key (401), then the common intake (receive-webhook-signal.ts). */
export const bridgeWebhookRoute = definePublicRoute(bridgeWebhookContracts.bridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = now();
  return receiveWebhookSignal(await authenticatedWebhook(scope.franchiseId, params.key), body, scope, receivedAt);
});
