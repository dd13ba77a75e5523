import { prefetchKeys } from '../../data/prefetch-keys';
import { PrefetchedItems, type ItemSource } from '../../data/item-source';
import type { ItemKey } from '../../data/prefetch-keys';
import { PayloadTooLargeError } from '../../platform/errors';
import type { RequestScope } from '../../platform/http/route';
import type { RateRule } from '../../limits/fixed-window';
import { reserveOrRefuse } from '../../limits/limiter';
import { WEBHOOK_BODY_MAX_BYTES } from '../payloads/parse-webhook-body';
import { signalRetryWindowSeconds } from '../security/bridge-security';
import { checkSender } from '../security/check-sender';
import { acceptWebhookSignal, type WebhookBridge } from './accept-webhook-signal';

/**
 * Both webhooks once the URL's key named a bridge and its owner: size (413) → the bridge read (401 when
 * it is gone), the optional sender checks (403 address, 401 signature) and the bridge's rate (429), in
 * one round trip → the signal id (a body the bridge accepted within its retry window is that signal: one
 * conditional write) → store once by signal id, with the send alongside when queued (accept-webhook-signal.ts) →
 * 202 `{signal_id}` (a resend answers the same id). No activity entry: the signal log is the record.
 */
export interface AuthenticatedWebhook {
  readonly owner: { readonly frchId: number; readonly userId: number };
  /** The bridge id the key names (the sender checks and the rate key need no more). */
  readonly bridgeId: string;
  /** The bridge item's key: read with the bridge's security settings in one round trip. */
  readonly bridgeKey: ItemKey;
  /** Reads the bridge the key names (from `items`); throws the webhook's 401 when it is gone. */
  readonly loadBridge: (items: ItemSource) => Promise<WebhookBridge>;
  readonly rate: { readonly rule: RateRule; readonly key: string; readonly refusal: string };
}

const SIGNAL_RECEIVED_MESSAGE = 'Signal received';

/**
 * The bridge, once the bridge read, the sender checks and the rate reservation, run together, all passed.
 * When several refuse, the answer is the one they would give in turn: the bridge's 401, then the sender's,
 * then the rate's. A refused sender still counts against the bridge's rate, which only a key holder can spend.
 */
interface AdmittedBridge {
  readonly bridge: WebhookBridge;
  readonly retryWindowSeconds: number;
}

async function admittedBridge(webhook: AuthenticatedWebhook, body: string, scope: RequestScope, receivedAt: Date): Promise<AdmittedBridge> {
  const { owner, bridgeId, rate } = webhook;
  // The bridge and its security settings in one BatchGetItem, alongside the rate reservation.
  const items = new PrefetchedItems();
  const fetched = items.prefetch([webhook.bridgeKey, prefetchKeys.bridgeSecurity(owner, bridgeId)]);
  const [bridge, retryWindow, ...checks] = await Promise.allSettled([
    fetched.then(() => webhook.loadBridge(items)),
    fetched.then(() => signalRetryWindowSeconds(owner, bridgeId, items)),
    fetched.then(() => checkSender(owner, bridgeId, { headers: scope.raw.headers, sourceIp: scope.sourceIp, body }, receivedAt, items)),
    reserveOrRefuse(rate.rule, rate.key, receivedAt, rate.refusal),
  ]);
  if (bridge.status === 'rejected') throw bridge.reason;
  for (const check of checks) if (check.status === 'rejected') throw check.reason;
  if (retryWindow.status === 'rejected') throw retryWindow.reason;
  return { bridge: bridge.value, retryWindowSeconds: retryWindow.value };
}

export async function receiveWebhookSignal(webhook: AuthenticatedWebhook, body: string, scope: RequestScope, receivedAt: Date) {
  if (Buffer.byteLength(body, 'utf8') > WEBHOOK_BODY_MAX_BYTES) throw new PayloadTooLargeError(WEBHOOK_BODY_MAX_BYTES);
  const { bridge, retryWindowSeconds } = await admittedBridge(webhook, body, scope, receivedAt);
  const { owner } = webhook;
  const contentType = scope.raw.headers['content-type'] ?? null;
  const { signal } = await acceptWebhookSignal({ owner, bridge, body, contentType, receivedAt, retryWindowSeconds }, scope.log);
  return { data: { signal_id: signal.signal_id }, message: signal.reason ?? SIGNAL_RECEIVED_MESSAGE, statusCode: 202 };
}
