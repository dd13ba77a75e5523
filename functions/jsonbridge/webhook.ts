import { jsonBridgeIdField, jsonBridgeWebhookContracts } from '../../shared/contracts/jsonbridge';
import type { ItemSource } from '../data/item-source';
import { getJsonBridge } from '../data/jsonbridge-repository';
import { jsonBridgeKeys } from '../data/keys';
import { UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import type { WebhookBridge } from '../signals/intake/accept-webhook-signal';
import { receiveWebhookSignal, type AuthenticatedWebhook } from '../signals/intake/receive-webhook-signal';
import { jsonBridgeIgnoreReason } from './webhook-ignore-reason';
import { resolveWebhookBridge } from './webhook-key';
import { JSON_BRIDGE_RATE_LIMITED_MESSAGE, JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey } from './webhook-rate-rule';

/** One answer for an unknown bridge and a wrong key, so the URL's halves cannot be guessed apart. */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown Json Bridge webhook';

/**
 * The owner and bridge id the URL names, or 401 (nothing is stored for a caller who holds no key). The
 * bridge item is read by the intake, alongside the sender checks and the rate.
 */
async function authenticatedWebhook(frchId: number, first: string, second: string): Promise<AuthenticatedWebhook> {
  const jsonBridgeId = jsonBridgeIdField.safeParse(first);
  const lookup = jsonBridgeId.success ? await resolveWebhookBridge(frchId, jsonBridgeId.data, second) : null;
  if (!lookup) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  const owner = { frchId, userId: lookup.user_id };
  const loadBridge = async (items: ItemSource): Promise<WebhookBridge> => {
    const bridge = await getJsonBridge(owner, lookup.json_bridge_id, items);
    if (!bridge) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
    const hints = { og_id: bridge.og_id, target_kind: bridge.target_kind, target_id: bridge.target_id };
    return { kind: 'json', id: bridge.json_bridge_id, ignoreReason: jsonBridgeIgnoreReason(bridge), hints };
  };
  const rate = { rule: JSON_BRIDGE_SIGNALS_PER_MINUTE, key: jsonBridgeRateKey(frchId, lookup.json_bridge_id), refusal: JSON_BRIDGE_RATE_LIMITED_MESSAGE };
  return { owner, bridgeId: lookup.json_bridge_id, bridgeKey: jsonBridgeKeys.item(frchId, owner.userId, lookup.json_bridge_id), loadBridge, rate };
}

/** The JSON bridge webhook (issue 6): authenticate by the URL's id and key (401), then the common intake (receive-webhook-signal.ts). */
export const jsonBridgeWebhookRoute = definePublicRoute(jsonBridgeWebhookContracts.jsonBridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = new Date();
  return receiveWebhookSignal(await authenticatedWebhook(scope.franchiseId, params.first, params.second), body, scope, receivedAt);
});
