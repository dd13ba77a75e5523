import { bridgeWebhookContracts } from '../../shared/contracts/bridge';
import { getBridge, type BridgeItem } from '../data/bridges-repository';
import { prefetchKeys } from '../data/prefetch-keys';
import { now } from '../platform/clock';
import { definePublicRoute } from '../platform/http/route';
import { webhookIgnoreReason } from '../signals/custom-bridge/signal-ignore-reason';
import { receiveWebhookSignal } from '../signals/intake/receive-webhook-signal';
import { authenticateWebhook, type WebhookKind } from '../signals/intake/webhook-authenticator';
import { sameKeyHash } from '../signals/intake/webhook-keys';
import { orderGroupHints } from '../signals/queue/signal-message';
import { resolveBridgeKey } from './webhook-key';
import { CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE, CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, customBridgeRateKey } from './webhook-rate-rule';

/** One answer for every key that names no bridge (unknown, replaced, malformed). */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown bridge webhook';

/** A custom bridge's URL carries only its key; the key names the bridge. */
function customBridgeKind(frchId: number): WebhookKind<BridgeItem> {
  return {
    unknownMessage: UNKNOWN_WEBHOOK_MESSAGE,
    credentialOf: (presentedHash) => `custom:${frchId}:${presentedHash}`,
    lookUpOwner: async (presentedKey) => {
      const lookup = await resolveBridgeKey(frchId, presentedKey);
      return lookup ? { userId: lookup.user_id, bridgeId: lookup.bridge_id, keyHash: lookup.key_hash } : null;
    },
    // The cache is keyed by the presented key's hash itself.
    cacheMatches: () => true,
    readBridge: (owner, bridgeId, items) => getBridge(owner, bridgeId, items),
    stillCurrent: (bridge, presentedHash) => sameKeyHash(bridge.key_hash, presentedHash),
    storedKeyHash: (bridge) => bridge.key_hash,
    webhookBridgeOf: (bridge) => ({ kind: 'custom', id: bridge.bridge_id, ignoreReason: webhookIgnoreReason(bridge), hints: orderGroupHints(bridge.og_id) }),
    rateOf: (franchise, bridgeId) => ({ rule: CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, key: customBridgeRateKey(franchise, bridgeId), refusal: CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE }),
    bridgeKeyOf: (franchise, userId, bridgeId) => prefetchKeys.customBridge({ frchId: franchise, userId }, bridgeId),
  };
}

/** The custom bridge webhook (issue 6): authenticate by the key (401), then the common intake (receive-webhook-signal.ts). */
export const bridgeWebhookRoute = definePublicRoute(bridgeWebhookContracts.bridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = now();
  return receiveWebhookSignal(await authenticateWebhook(scope.franchiseId, params.key, customBridgeKind(scope.franchiseId)), body, scope, receivedAt);
});
