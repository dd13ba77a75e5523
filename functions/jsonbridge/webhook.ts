import { jsonBridgeIdField, jsonBridgeWebhookContracts } from '../../shared/contracts/jsonbridge';
import { getJsonBridge } from '../data/jsonbridge-repository';
import { PayloadTooLargeError, UnauthorizedError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import { reserveOrRefuse } from '../platform/rate-limit/limiter';
import { acceptWebhookSignal } from '../signals/intake/accept-webhook-signal';
import { checkSender } from '../signals/security/check-sender';
import { WEBHOOK_BODY_MAX_BYTES } from '../signals/payloads/parse-webhook-body';
import { jsonBridgeIgnoreReason } from './webhook-ignore-reason';
import { resolveWebhookBridge } from './webhook-key';
import { JSON_BRIDGE_RATE_LIMITED_MESSAGE, JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey } from './webhook-rate-rule';

/** One answer for an unknown bridge and a wrong key, so the URL's halves cannot be guessed apart. */
const UNKNOWN_WEBHOOK_MESSAGE = 'Unknown Json Bridge webhook';
const SIGNAL_RECEIVED_MESSAGE = 'Signal received';

/** The bridge and owner the URL names, or 401 (nothing is stored for a caller who holds no key). */
async function authenticatedBridge(frchId: number, first: string, second: string) {
  const jsonBridgeId = jsonBridgeIdField.safeParse(first);
  const lookup = jsonBridgeId.success ? await resolveWebhookBridge(frchId, jsonBridgeId.data, second) : null;
  const bridge = lookup ? await getJsonBridge({ frchId, userId: lookup.user_id }, lookup.json_bridge_id) : null;
  if (!lookup || !bridge) throw new UnauthorizedError(UNKNOWN_WEBHOOK_MESSAGE);
  return { owner: { frchId, userId: lookup.user_id }, bridge };
}

/**
 * The JSON bridge webhook (issue 6): authenticate (401) → optional sender checks (403 address, 401
 * signature) → size (413) → per-bridge rate (429) → store
 * once by signal id and enqueue when queued (accept-webhook-signal.ts) → 202 `{signal_id}`.
 */
export const jsonBridgeWebhookRoute = definePublicRoute(jsonBridgeWebhookContracts.jsonBridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = new Date();
  const { owner, bridge } = await authenticatedBridge(scope.franchiseId, params.first, params.second);
  await checkSender(owner, bridge.json_bridge_id, { headers: scope.raw.headers, sourceIp: scope.sourceIp, body }, receivedAt);
  if (Buffer.byteLength(body, 'utf8') > WEBHOOK_BODY_MAX_BYTES) throw new PayloadTooLargeError(WEBHOOK_BODY_MAX_BYTES);
  await reserveOrRefuse(JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey(owner.frchId, bridge.json_bridge_id), receivedAt, JSON_BRIDGE_RATE_LIMITED_MESSAGE);
  const { signal, resend } = await acceptWebhookSignal(
    {
      owner,
      bridge: { kind: 'json', id: bridge.json_bridge_id, ignoreReason: jsonBridgeIgnoreReason(bridge) },
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
