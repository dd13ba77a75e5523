import { storeSignal, type SignalItem } from '../data/signals-repository';
import type { BridgeOwner } from '../data/bridges-repository';
import { now as clockNow } from '../platform/clock';
import type { Logger } from '../platform/logger';
import { enqueueSignal } from '../signals/queue/enqueue-signal';
import { orderGroupHints } from '../signals/queue/signal-message';
import type { SignalDirection } from '../signals/signal-direction';
import { namedSignalId } from '../signals/signal-identity';
import { loadOwnedBridge } from './custom-bridges';
import { manualIgnoreReason } from '../signals/custom-bridge/signal-ignore-reason';

/**
 * `placebridgeorder`: a direction fired by hand is stored as a signal of the bridge (source `manual`) and
 * executed by the signal worker like a webhook's, so one path places the bridge's orders. Its body is the
 * direction word as TradingView text, which the worker reads again like any stored signal. The caller's
 * idempotency key names the signal: a retried or doubled request answers the same signal and sends no
 * second message.
 */
export const MANUAL_SIGNAL_SOURCE = 'manual';
const MANUAL_CONTENT_TYPE = 'text/plain';

export async function fireManualSignal(
  owner: BridgeOwner,
  bridgeId: string,
  direction: SignalDirection,
  idempotencyKey: string,
  log: Logger,
  now = clockNow(),
): Promise<SignalItem> {
  const bridge = await loadOwnedBridge(owner, bridgeId);
  const body = direction;
  const ignoreReason = manualIgnoreReason(bridge);
  const outcome = await storeSignal({
    signalId: namedSignalId(bridgeId, `${MANUAL_SIGNAL_SOURCE}:${idempotencyKey}`),
    ...owner,
    bridgeKind: 'custom',
    bridgeId,
    receivedAt: now,
    rawBody: body,
    contentType: MANUAL_CONTENT_TYPE,
    source: MANUAL_SIGNAL_SOURCE,
    status: ignoreReason === null ? 'queued' : 'ignored',
    reason: ignoreReason,
    problems: [],
  });
  const signal = outcome.stored ? outcome.item : outcome.existing;
  // Sent on every request while queued: a retry after a failed send heals it, and the signal id as
  // deduplication id keeps the queue from holding it twice. The worker stamps `enqueued` when it picks it up.
  if (signal.status === 'queued') {
    await enqueueSignal('custom', { frch_id: signal.frch_id, user_id: signal.user_id, bridge_id: signal.bridge_id, signal_id: signal.signal_id, hints: orderGroupHints(bridge.og_id) });
  }
  log.info('manual bridge signal', { bridgeId, signalId: signal.signal_id, direction, status: signal.status, resend: !outcome.stored });
  return signal;
}
