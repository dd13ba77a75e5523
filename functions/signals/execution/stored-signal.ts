import { SIGNAL_QUEUE } from '../../../shared/config/queues';
import { getSignal, type SignalItem } from '../../data/signals-repository';
import type { ItemSource } from '../../data/item-source';
import type { Logger } from '../../platform/logger';
import type { SignalPayload } from '../queue/signal-message';

/**
 * Pauses before each fresh read of a signal the message names but the table does not hold yet: the
 * webhook sends while it stores (accept-webhook-signal.ts), so a message can come before its signal's
 * put has landed. About 1.3 s in all, far inside the worker's time limit.
 */
export const SIGNAL_STORE_WAITS_MS = [10, 20, 40, 80, 160, 320, 640] as const;

export class SignalNotStoredError extends Error {
  constructor(signalId: string) {
    super(`Signal ${signalId} is not stored (yet): the webhook's write may have failed; the queue delivers it again`);
    this.name = 'SignalNotStoredError';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The signal a message names: from the run's first read, else read afresh after each pause. Still
 * missing, the message is delivered again (the webhook's caller was answered an error, and a retry of
 * theirs stores it), except on the queue's last delivery, which drops it: no stored signal means no
 * signal the trader could see or replay.
 */
export async function storedSignal(payload: SignalPayload, firstRead: ItemSource, receiveCount: number, log: Logger, waits: readonly number[] = SIGNAL_STORE_WAITS_MS): Promise<SignalItem | null> {
  const { frch_id: frchId, user_id: userId, signal_id: signalId } = payload;
  const signal = await getSignal(frchId, userId, signalId, firstRead);
  if (signal) return signal;
  for (const wait of waits) {
    await pause(wait);
    const stored = await getSignal(frchId, userId, signalId);
    if (stored) return stored;
  }
  if (receiveCount >= SIGNAL_QUEUE.maxReceiveCount) {
    log.error('queued signal never stored; message dropped on its last delivery');
    return null;
  }
  throw new SignalNotStoredError(signalId);
}
