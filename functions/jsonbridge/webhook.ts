import { jsonBridgeIdField, jsonBridgeWebhookContracts } from '../../shared/contracts/jsonbridge';
import type { ItemSource } from '../data/item-source';
import { getJsonBridge } from '../data/jsonbridge-repository';
import { jsonBridgeKeys } from '../data/keys';
import { now } from '../platform/clock';
import { UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import type { WebhookBridge } from '../signals/intake/accept-webhook-signal';
import { receiveWebhookSignal, type AuthenticatedWebhook } from '../signals/intake/receive-webhook-signal';
import { jsonBridgeIgnoreReason } from './webhook-ignore-reason';
import { cachedWebhookOwner, forgetWebhookOwner, rememberWebhookOwner, type WebhookOwner } from '../signals/intake/webhook-owner-cache';
import { hashWebhookKey, sameKeyHash } from '../signals/intake/webhook-keys';
import { resolveWebhookBridge } from './webhook-key';
import { JSON_BRIDGE_RATE_LIMITED_MESSAGE, JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey } from './webhook-rate-rule';

/** One answer for an unknown bridge and a wrong key, so the URL's halves cannot be guessed apart. */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown Json Bridge webhook';

const credentialOf = (frchId: number, jsonBridgeId: string) => `json:${frchId}:${jsonBridgeId}`;

/** Who owns the bridge the URL names, from this runtime's cache when the key matches it, else from the lookup (null: 401). */
async function ownerOf(frchId: number, jsonBridgeId: string, presentedKey: string, presentedHash: string): Promise<{ readonly owner: WebhookOwner; readonly cached: boolean } | null> {
  const cached = cachedWebhookOwner(credentialOf(frchId, jsonBridgeId));
  if (cached && sameKeyHash(cached.keyHash, presentedHash)) return { owner: cached, cached: true };
  const lookup = await resolveWebhookBridge(frchId, jsonBridgeId, presentedKey);
  return lookup ? { owner: { userId: lookup.user_id, bridgeId: lookup.json_bridge_id, keyHash: lookup.key_hash }, cached: false } : null;
}

/**
 * The owner and bridge id the URL names, or 401 (nothing is stored for a caller who holds no key). The
 * bridge item is read by the intake, alongside the sender checks and the rate; it must still carry the
 * presented key's hash (a reset key fails at once, cached or not), and then the owner is remembered.
 */
async function authenticatedWebhook(frchId: number, first: string, second: string): Promise<AuthenticatedWebhook> {
  const jsonBridgeId = jsonBridgeIdField.safeParse(first);
  if (!jsonBridgeId.success) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  const id = jsonBridgeId.data;
  const presentedHash = hashWebhookKey(second);
  const found = await ownerOf(frchId, id, second, presentedHash);
  if (!found) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  const owner = { frchId, userId: found.owner.userId };
  const credential = credentialOf(frchId, id);
  const loadBridge = async (items: ItemSource): Promise<WebhookBridge> => {
    const bridge = await getJsonBridge(owner, id, items);
    // A bridge made before its item kept the key's hash is vouched for by the lookup just read; such a bridge is never cached.
    const current = bridge !== null && (bridge.key_hash === null ? !found.cached : sameKeyHash(bridge.key_hash, presentedHash));
    if (!bridge || !current) {
      forgetWebhookOwner(credential);
      throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
    }
    if (bridge.key_hash !== null) rememberWebhookOwner(credential, { userId: owner.userId, bridgeId: id, keyHash: bridge.key_hash });
    const hints = { og_id: bridge.og_id, target_kind: bridge.target_kind, target_id: bridge.target_id };
    return { kind: 'json', id: bridge.json_bridge_id, ignoreReason: jsonBridgeIgnoreReason(bridge), hints };
  };
  const rate = { rule: JSON_BRIDGE_SIGNALS_PER_MINUTE, key: jsonBridgeRateKey(frchId, id), refusal: JSON_BRIDGE_RATE_LIMITED_MESSAGE };
  return { owner, bridgeId: id, bridgeKey: jsonBridgeKeys.item(frchId, owner.userId, id), loadBridge, rate };
}

/** The JSON bridge webhook (issue 6): authenticate by the URL's id and key (401), then the common intake (receive-webhook-signal.ts). */
export const jsonBridgeWebhookRoute = definePublicRoute(jsonBridgeWebhookContracts.jsonBridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = now();
  return receiveWebhookSignal(await authenticatedWebhook(scope.franchiseId, params.first, params.second), body, scope, receivedAt);
});
