import { bridgeWebhookContracts } from '../../shared/contracts/bridge';
import { getBridge } from '../data/bridges-repository';
import { UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import { receiveWebhookSignal } from '../signals/intake/receive-webhook-signal';
import { webhookIgnoreReason } from './signal-ignore-reason';
import { resolveBridgeKey } from './webhook-key';
import { CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE, CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, customBridgeRateKey } from './webhook-rate-rule';

/** One answer for every key that names no bridge (unknown, replaced, malformed). */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown bridge webhook';

/** The bridge and owner the key names, or 401 (nothing is stored for a caller who holds no key). */
async function authenticatedBridge(frchId: number, key: string) {
  const lookup = await resolveBridgeKey(frchId, key);
  if (!lookup) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  const owner = { frchId, userId: lookup.user_id };
  const bridge = await getBridge(owner, lookup.bridge_id);
  if (!bridge) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  return { owner, bridge };
}

/** The custom bridge webhook (issue 6): authenticate by the key (401), then the common intake (receive-webhook-signal.ts). */
export const bridgeWebhookRoute = definePublicRoute(bridgeWebhookContracts.bridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = new Date();
  const { owner, bridge } = await authenticatedBridge(scope.franchiseId, params.key);
  return receiveWebhookSignal(
    {
      owner,
      bridge: { kind: 'custom', id: bridge.bridge_id, ignoreReason: webhookIgnoreReason(bridge) },
      rate: { rule: CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, key: customBridgeRateKey(owner.frchId, bridge.bridge_id), refusal: CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE },
    },
    body,
    scope,
    receivedAt,
  );
});
