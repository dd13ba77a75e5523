import { bridgeWebhookContracts } from '../../shared/contracts/bridge';
import { getBridge } from '../data/bridges-repository';
import { PayloadTooLargeError, UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import { reserveOrRefuse } from '../platform/rate-limit/limiter';
import { acceptWebhookSignal } from '../signals/intake/accept-webhook-signal';
import { checkSender } from '../signals/security/check-sender';
import { WEBHOOK_BODY_MAX_BYTES } from '../signals/payloads/parse-webhook-body';
import { webhookIgnoreReason } from './signal-ignore-reason';
import { resolveBridgeKey } from './webhook-key';
import { CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE, CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, customBridgeRateKey } from './webhook-rate-rule';

/** One answer for every key that names no bridge (unknown, replaced, malformed). */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown bridge webhook';
const SIGNAL_RECEIVED_MESSAGE = 'Signal received';

/** The bridge and owner the key names, or 401 (nothing is stored for a caller who holds no key). */
async function authenticatedBridge(frchId: number, key: string) {
  const lookup = await resolveBridgeKey(frchId, key);
  if (!lookup) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  const owner = { frchId, userId: lookup.user_id };
  const bridge = await getBridge(owner, lookup.bridge_id);
  if (!bridge) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  return { owner, bridge };
}

/**
 * The custom bridge webhook (issue 6): authenticate (401) → optional sender checks (403 address, 401
 * signature) → size (413) → per-bridge rate (429) → store
 * once by signal id and enqueue when queued (accept-webhook-signal.ts) → 202 `{signal_id}`.
 */
export const bridgeWebhookRoute = definePublicRoute(bridgeWebhookContracts.bridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = new Date();
  const { owner, bridge } = await authenticatedBridge(scope.franchiseId, params.key);
  await checkSender(owner, bridge.bridge_id, { headers: scope.raw.headers, sourceIp: scope.sourceIp, body }, receivedAt);
  if (Buffer.byteLength(body, 'utf8') > WEBHOOK_BODY_MAX_BYTES) throw new PayloadTooLargeError(WEBHOOK_BODY_MAX_BYTES);
  await reserveOrRefuse(CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, customBridgeRateKey(owner.frchId, bridge.bridge_id), receivedAt, CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE);
  const { signal, resend } = await acceptWebhookSignal(
    {
      owner,
      bridge: { kind: 'custom', id: bridge.bridge_id, ignoreReason: webhookIgnoreReason(bridge) },
      body,
      contentType: scope.raw.headers['content-type'] ?? null,
      receivedAt,
    },
    scope.log,
  );
  return {
    data: { signal_id: signal.signal_id },
    message: signal.reason ?? SIGNAL_RECEIVED_MESSAGE,
    statusCode: 202,
    actor: owner,
    skipActivity: resend,
  };
});
