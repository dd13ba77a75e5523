import { SIGNAL_CHANGED_MESSAGE, SIGNAL_NOT_FOUND_MESSAGE, SIGNAL_NOT_REPLAYABLE_MESSAGE, type SignalView } from '../../../shared/contracts/signals';
import { appendSignalEvents, getSignal, transitionSignal, type SignalItem } from '../../data/signals-repository';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { enqueueSignal } from '../queue/enqueue-signal';
import { signalViews } from './signal-view';

/**
 * Replaying a failed signal (issue 6): it goes back to `queued` with a `replayed` event, then to the
 * queue again under the deduplication id `<signal_id>:r<n>` (n counts the replays), so SQS does not drop
 * it as the first delivery's duplicate while a double click within five minutes is still one message.
 * The worker then runs it like the first time: positions and entry orders are keyed by the signal, so
 * accounts that already entered are not entered again, and a signal past its validity window expires.
 *
 * A crash between the status change and the send leaves a queued signal whose last replay has no
 * `enqueued` after it: replaying it again sends that same replay (same deduplication id).
 */
interface Owner {
  readonly frchId: number;
  readonly userId: number;
}

export function replayDeduplicationId(signalId: string, replay: number): string {
  return `${signalId}:r${replay}`;
}

/** A queued signal whose last replay was recorded but never reached the queue. */
function replayNotSent(signal: SignalItem): boolean {
  if (signal.status !== 'queued') return false;
  const lastReplay = signal.timeline.findLastIndex((entry) => entry.event === 'replayed');
  return lastReplay >= 0 && !signal.timeline.slice(lastReplay).some((entry) => entry.event === 'enqueued');
}

async function sendReplay(signal: SignalItem, replay: number, now: Date): Promise<void> {
  const payload = { frch_id: signal.frch_id, user_id: signal.user_id, bridge_id: signal.bridge_id, signal_id: signal.signal_id };
  await enqueueSignal(signal.bridge_kind, payload, now, replayDeduplicationId(signal.signal_id, replay));
}

/** Moves a failed signal back to queued, or answers the one whose replay still has to be sent. */
async function queuedForReplay(owner: Owner, signal: SignalItem, now: Date): Promise<SignalItem> {
  if (replayNotSent(signal)) return signal;
  if (signal.status !== 'failed') throw new BusinessRuleError(SIGNAL_NOT_REPLAYABLE_MESSAGE);
  const queued = await transitionSignal(
    owner.frchId,
    owner.userId,
    signal.signal_id,
    { from: 'failed', to: 'queued', reason: null, events: [{ at: now.toISOString(), event: 'replayed', note: `replay ${signal.replay_count + 1}` }], countReplay: true },
    now,
  );
  if (!queued) throw new ConflictError(SIGNAL_CHANGED_MESSAGE);
  return queued;
}

export async function replaySignal(owner: Owner, signalId: string, log: Logger, now = clockNow()): Promise<SignalView> {
  const signal = await getSignal(owner.frchId, owner.userId, signalId);
  if (!signal) throw new NotFoundError(SIGNAL_NOT_FOUND_MESSAGE);
  const queued = await queuedForReplay(owner, signal, now);
  await sendReplay(queued, queued.replay_count, now);
  await appendSignalEvents(owner.frchId, owner.userId, signalId, [{ at: clockNow().toISOString(), event: 'enqueued', note: `replay ${queued.replay_count}` }]);
  log.info('signal replayed', { signalId, bridgeId: queued.bridge_id, replay: queued.replay_count });
  const [view] = await signalViews(owner, [(await getSignal(owner.frchId, owner.userId, signalId)) ?? queued]);
  return view as SignalView;
}
