import { jsonBridgeIdField, jsonBridgeWebhookContracts } from '../../shared/contracts/jsonbridge';
import { getJsonBridge } from '../data/jsonbridge-repository';
import { UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import { receiveWebhookSignal } from '../signals/intake/receive-webhook-signal';
import { jsonBridgeIgnoreReason } from './webhook-ignore-reason';
import { resolveWebhookBridge } from './webhook-key';
import { JSON_BRIDGE_RATE_LIMITED_MESSAGE, JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey } from './webhook-rate-rule';

/** One answer for an unknown bridge and a wrong key, so the URL's halves cannot be guessed apart. */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown Json Bridge webhook';

/** The bridge and owner the URL names, or 401 (nothing is stored for a caller who holds no key). */
async function authenticatedBridge(frchId: number, first: string, second: string) {
  const jsonBridgeId = jsonBridgeIdField.safeParse(first);
  const lookup = jsonBridgeId.success ? await resolveWebhookBridge(frchId, jsonBridgeId.data, second) : null;
  const bridge = lookup ? await getJsonBridge({ frchId, userId: lookup.user_id }, lookup.json_bridge_id) : null;
  if (!lookup || !bridge) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  return { owner: { frchId, userId: lookup.user_id }, bridge };
}

/** The JSON bridge webhook (issue 6): authenticate by the URL's id and key (401), then the common intake (receive-webhook-signal.ts). */
export const jsonBridgeWebhookRoute = definePublicRoute(jsonBridgeWebhookContracts.jsonBridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = new Date();
  const { owner, bridge } = await authenticatedBridge(scope.franchiseId, params.first, params.second);
  return receiveWebhookSignal(
    {
      owner,
      bridge: { kind: 'json', id: bridge.json_bridge_id, ignoreReason: jsonBridgeIgnoreReason(bridge) },
      rate: { rule: JSON_BRIDGE_SIGNALS_PER_MINUTE, key: jsonBridgeRateKey(owner.frchId, bridge.json_bridge_id), refusal: JSON_BRIDGE_RATE_LIMITED_MESSAGE },
    },
    body,
    scope,
    receivedAt,
  );
});
