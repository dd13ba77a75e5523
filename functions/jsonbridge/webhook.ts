import { jsonBridgeIdField, jsonBridgeWebhookContracts } from '../../shared/contracts/jsonbridge';
import { getJsonBridge } from '../data/jsonbridge-repository';
import { appendSignalEvent, storeSignal, wasEnqueued, type SignalItem } from '../data/signals-repository';
import { PayloadTooLargeError, UnauthorizedError, ValidationError } from '../platform/errors';
import { definePublicRoute } from '../platform/http/route';
import type { Logger } from '../platform/logger';
import { reserveOrRefuse } from '../platform/rate-limit/limiter';
import { parseWebhookBody, WEBHOOK_BODY_MAX_BYTES } from '../signals/payloads/parse-webhook-body';
import { signalIdOf } from '../signals/signal-identity';
import { enqueueJsonBridgeSignal } from './webhook-enqueue';
import { resolveWebhookBridge } from './webhook-key';
import { JSON_BRIDGE_RATE_LIMITED_MESSAGE, JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey } from './webhook-rate-rule';
import { verdictOf } from './webhook-verdict';

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
 * Sends a queued signal unless its `enqueued` mark says it went already: a resend after a failed send
 * heals the gap, and the signal id as deduplication id keeps the queue from holding it twice.
 */
async function enqueueOnce(signal: SignalItem): Promise<void> {
  if (signal.status !== 'queued' || wasEnqueued(signal)) return;
  await enqueueJsonBridgeSignal({ frch_id: signal.frch_id, user_id: signal.user_id, json_bridge_id: signal.json_bridge_id, signal_id: signal.signal_id });
  await appendSignalEvent(signal.frch_id, signal.user_id, signal.signal_id, 'enqueued');
}

function logOutcome(signal: SignalItem, resend: boolean, log: Logger): void {
  // Never the URL's key nor the body: the bridge and signal ids are enough to find the stored signal.
  const fields = { jsonBridgeId: signal.json_bridge_id, signalId: signal.signal_id, status: signal.status, resend };
  if (signal.status === 'rejected') log.warn('json bridge signal rejected', { ...fields, problems: signal.problems.map((problem) => problem.path) });
  else log.info('json bridge signal', fields);
}

/**
 * The JSON bridge webhook (issue 6): authenticate (401) → size (413) → per-bridge rate (429) → parse →
 * store once by signal id → enqueue when queued → 202 `{signal_id}`. Execution is the signal worker's.
 */
export const jsonBridgeWebhookRoute = definePublicRoute(jsonBridgeWebhookContracts.jsonBridgeWebhook, async ({ body, params, scope }) => {
  const receivedAt = new Date();
  const { owner, bridge } = await authenticatedBridge(scope.franchiseId, params.first, params.second);
  if (Buffer.byteLength(body, 'utf8') > WEBHOOK_BODY_MAX_BYTES) throw new PayloadTooLargeError(WEBHOOK_BODY_MAX_BYTES);
  await reserveOrRefuse(JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey(owner.frchId, bridge.json_bridge_id), receivedAt, JSON_BRIDGE_RATE_LIMITED_MESSAGE);

  const contentType = scope.raw.headers['content-type'] ?? null;
  const parsed = parseWebhookBody(contentType ?? undefined, body);
  const verdict = verdictOf(parsed, bridge);
  const signalId = signalIdOf({ bridgeId: bridge.json_bridge_id, providerSignalId: parsed.ok ? parsed.signal.providerSignalId : null, body, receivedAt });
  const outcome = await storeSignal({
    signalId,
    ...owner,
    jsonBridgeId: bridge.json_bridge_id,
    receivedAt,
    rawBody: body,
    contentType,
    source: parsed.ok ? parsed.signal.source : null,
    ...verdict,
    problems: parsed.ok ? [] : parsed.problems,
  });
  // A resend answers what the first arrival became, whatever this one would have.
  const signal = outcome.stored ? outcome.item : outcome.existing;
  logOutcome(signal, !outcome.stored, scope.log);
  if (signal.status === 'rejected') throw new ValidationError(signal.problems, `Signal ${signal.signal_id} rejected: ${signal.reason ?? 'invalid body'}`);
  await enqueueOnce(signal);
  return {
    data: { signal_id: signal.signal_id },
    message: signal.reason ?? SIGNAL_RECEIVED_MESSAGE,
    statusCode: 202,
    actor: owner,
    skipActivity: !outcome.stored,
  };
});
