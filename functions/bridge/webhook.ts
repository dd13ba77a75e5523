import { bridgeWebhookContracts } from '../../shared/contracts/bridge';
import { getBridge } from '../data/bridges-repository';
import type { ItemSource } from '../data/item-source';
import { customBridgeKeys } from '../data/keys';
import { UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import type { WebhookBridge } from '../signals/intake/accept-webhook-signal';
import { receiveWebhookSignal, type AuthenticatedWebhook } from '../signals/intake/receive-webhook-signal';
import { webhookIgnoreReason } from './signal-ignore-reason';
import { resolveBridgeKey } from './webhook-key';
import { CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE, CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, customBridgeRateKey } from './webhook-rate-rule';

/** One answer for every key that names no bridge (unknown, replaced, malformed). */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown bridge webhook';

/**
 * The owner and bridge id the key names, or 401 (nothing is stored for a caller who holds no key). The
 * bridge item is read by the intake, alongside the sender checks and the rate.
 */
async function authenticatedWebhook(frchId: number, key: string): Promise<AuthenticatedWebhook> {
  const lookup = await resolveBridgeKey(frchId, key);
  if (!lookup) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  const owner = { frchId, userId: lookup.user_id };
  const loadBridge = async (items: ItemSource): Promise<WebhookBridge> => {
    const bridge = await getBridge(owner, lookup.bridge_id, items);
    if (!bridge) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
    // A custom bridge trades through its own order group; its triggers name their targets.
    const hints = { og_id: bridge.og_id, target_kind: null, target_id: null };
    return { kind: 'custom', id: bridge.bridge_id, ignoreReason: webhookIgnoreReason(bridge), hints };
  };
  const rate = { rule: CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, key: customBridgeRateKey(frchId, lookup.bridge_id), refusal: CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE };
  return { owner, bridgeId: lookup.bridge_id, bridgeKey: customBridgeKeys.item(frchId, owner.userId, lookup.bridge_id), loadBridge, rate };
}

/** The custom bridge webhook (issue 6): authenticate by the key (401), then the common intake (receive-webhook-signal.ts). */
export const bridgeWebhookRoute = definePublicRoute(bridgeWebhookContracts.bridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = new Date();
  return receiveWebhookSignal(await authenticatedWebhook(scope.franchiseId, params.key), body, scope, receivedAt);
});
