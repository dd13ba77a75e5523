import { jsonBridgeIdField, jsonBridgeWebhookContracts } from '../../shared/contracts/jsonbridge';
import { getJsonBridge, type JsonBridgeItem } from '../data/jsonbridge-repository';
import { prefetchKeys } from '../data/prefetch-keys';
import { now } from '../platform/clock';
import { UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import { receiveWebhookSignal } from '../signals/intake/receive-webhook-signal';
import { authenticateWebhook, type WebhookKind } from '../signals/intake/webhook-authenticator';
import { sameKeyHash } from '../signals/intake/webhook-keys';
import { jsonBridgeIgnoreReason } from './webhook-ignore-reason';
import { resolveWebhookBridge } from './webhook-key';
import { JSON_BRIDGE_RATE_LIMITED_MESSAGE, JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey } from './webhook-rate-rule';

/** One answer for an unknown bridge and a wrong key, so the URL's halves cannot be guessed apart. */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown Json Bridge webhook';

/** A JSON bridge's URL names the bridge (`{first}`) and carries its key (`{second}`). */
function jsonBridgeKind(frchId: number, jsonBridgeId: string): WebhookKind<JsonBridgeItem> {
  return {
    unknownMessage: UNKNOWN_WEBHOOK_MESSAGE,
    credentialOf: () => `json:${frchId}:${jsonBridgeId}`,
    lookUpOwner: async (presentedKey) => {
      const lookup = await resolveWebhookBridge(frchId, jsonBridgeId, presentedKey);
      return lookup ? { userId: lookup.user_id, bridgeId: lookup.json_bridge_id, keyHash: lookup.key_hash } : null;
    },
    cacheMatches: (cached, presentedHash) => sameKeyHash(cached.keyHash, presentedHash),
    readBridge: (owner, bridgeId, items) => getJsonBridge(owner, bridgeId, items),
    // A bridge made before its item kept the key's hash is vouched for by the lookup just read; such a bridge is never cached.
    stillCurrent: (bridge, presentedHash, fromCache) => (bridge.key_hash === null ? !fromCache : sameKeyHash(bridge.key_hash, presentedHash)),
    storedKeyHash: (bridge) => bridge.key_hash,
    webhookBridgeOf: (bridge) => ({
      kind: 'json',
      id: bridge.json_bridge_id,
      ignoreReason: jsonBridgeIgnoreReason(bridge),
      hints: { og_id: bridge.og_id, target_kind: bridge.target_kind, target_id: bridge.target_id },
    }),
    rateOf: (franchise, bridgeId) => ({ rule: JSON_BRIDGE_SIGNALS_PER_MINUTE, key: jsonBridgeRateKey(franchise, bridgeId), refusal: JSON_BRIDGE_RATE_LIMITED_MESSAGE }),
    bridgeKeyOf: (franchise, userId, bridgeId) => prefetchKeys.jsonBridge({ frchId: franchise, userId }, bridgeId),
  };
}

/** The JSON bridge webhook (issue 6): authenticate by the URL's id and key (401), then the common intake (receive-webhook-signal.ts). */
export const jsonBridgeWebhookRoute = definePublicRoute(jsonBridgeWebhookContracts.jsonBridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = now();
  const jsonBridgeId = jsonBridgeIdField.safeParse(params.first);
  if (!jsonBridgeId.success) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  const webhook = await authenticateWebhook(scope.franchiseId, params.second, jsonBridgeKind(scope.franchiseId, jsonBridgeId.data));
  return receiveWebhookSignal(webhook, body, scope, receivedAt);
});
