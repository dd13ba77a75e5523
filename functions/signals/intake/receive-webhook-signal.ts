import { PayloadTooLargeError } from '../../platform/errors';
import type { RequestScope } from '../../platform/http/route';
import type { RateRule } from '../../platform/rate-limit/fixed-window';
import { reserveOrRefuse } from '../../platform/rate-limit/limiter';
import { WEBHOOK_BODY_MAX_BYTES } from '../payloads/parse-webhook-body';
import { checkSender } from '../security/check-sender';
import { acceptWebhookSignal, type WebhookBridge } from './accept-webhook-signal';

/**
 * Both webhooks once the URL's key named a bridge and its owner: size (413) → optional sender checks
 * (403 address, 401 signature) and the bridge's rate (429), together → store once by signal id and
 * enqueue when queued (accept-webhook-signal.ts) → 202 `{signal_id}` (a resend answers the same id).
 */
export interface AuthenticatedWebhook {
  readonly owner: { readonly frchId: number; readonly userId: number };
  readonly bridge: WebhookBridge;
  readonly rate: { readonly rule: RateRule; readonly key: string; readonly refusal: string };
}

const SIGNAL_RECEIVED_MESSAGE = 'Signal received';

export async function receiveWebhookSignal(webhook: AuthenticatedWebhook, body: string, scope: RequestScope, receivedAt: Date) {
  const { owner, bridge, rate } = webhook;
  if (Buffer.byteLength(body, 'utf8') > WEBHOOK_BODY_MAX_BYTES) throw new PayloadTooLargeError(WEBHOOK_BODY_MAX_BYTES);
  // One round trip for both: a refused sender still counts against the bridge's rate, which only a key holder can spend.
  await Promise.all([
    checkSender(owner, bridge.id, { headers: scope.raw.headers, sourceIp: scope.sourceIp, body }, receivedAt),
    reserveOrRefuse(rate.rule, rate.key, receivedAt, rate.refusal),
  ]);
  const { signal, resend } = await acceptWebhookSignal({ owner, bridge, body, contentType: scope.raw.headers['content-type'] ?? null, receivedAt }, scope.log);
  return {
    data: { signal_id: signal.signal_id },
    message: signal.reason ?? SIGNAL_RECEIVED_MESSAGE,
    statusCode: 202,
    actor: owner,
    skipActivity: resend,
  };
}
