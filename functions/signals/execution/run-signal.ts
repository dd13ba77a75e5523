import { SIGNAL_QUEUE } from '../../../shared/config/queues';
import { DEFAULT_SIGNAL_VALIDITY_SECONDS } from '../../../shared/contracts/bridge-security';
import {
  appendSignalEvents,
  transitionSignal,
  type SignalItem,
  type SignalStatus,
  type SignalTimelineEntry,
} from '../../data/signals-repository';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { parseWebhookBody } from '../payloads/parse-webhook-body';
import { signalValiditySeconds } from '../security/bridge-security';
import type { SignalPayload } from '../queue/signal-message';
import { automationStopItemKeys, getAutomationStops } from '../../data/automation/automation-stop-repository';
import { PrefetchedItems } from '../../data/item-source';
import { stopReasonOf } from '../../orders/automation-guard';
import { prefetchKeys } from '../../data/prefetch-keys';
import { closePositions } from './close-positions';
import { storedSignal } from './stored-signal';
import { executePlans } from './execute-plans';
import { toSignalResult, type PlanOutcome } from './plan-outcome';
import { finalStatusOf } from './signal-status';
import type { SignalDecision, SignalPlanner } from './signal-planner';
import type { EntryObserver, SignalRun } from './signal-run';

/**
 * The common half of executing a queued signal (ADR 0008); the planner is the bridge's half. Reads the
 * signal again (a signal already ended is left alone: a redelivery changes nothing), expires one picked
 * up past its validity window, asks the planner, closes what it selects, executes the plans, and writes
 * the final status with every account's result and the timeline in one conditional write.
 *
 * Failures: an unexpected error appends itself to the timeline and is thrown again, so the queue
 * delivers the signal again and the next run continues every position from its state (positions and
 * entry orders are keyed, never doubled). On the queue's last delivery the signal is marked `failed`
 * first, so the trader sees it (and can replay it) while the message rests in the DLQ.
 */
export interface RunSignalHooks {
  /** Test-only fault injection: called after each entry order answers; throwing there is a crash after the broker call. */
  readonly afterEntryOrder?: (outcome: PlanOutcome) => void | Promise<void>;
  readonly now?: () => Date;
}

/** One delivery of the signal's message: which receive this is (1 on the first), and when the webhook sent it. */
export interface SignalDelivery {
  readonly receiveCount: number;
  /** The message's `enqueuedAt`: the signal's `enqueued` event, written at pick-up (the webhook writes none, to answer sooner). */
  readonly enqueuedAt?: string | null;
}

/** The instant of this run's first pick-up since the last replay, if an earlier delivery picked it up. */
function earlierPickup(signal: SignalItem): Date | null {
  let pickedUp: string | null = null;
  for (const entry of signal.timeline) {
    if (entry.event === 'replayed') pickedUp = null;
    else if (entry.event === 'picked_up' && pickedUp === null) pickedUp = entry.at;
  }
  return pickedUp === null ? null : new Date(pickedUp);
}

/** Past its window when first picked up: a run interrupted within the window continues on redelivery; a replay is measured now. */
function isExpired(signal: SignalItem, pickedUpAt: Date, validitySeconds: number): boolean {
  return pickedUpAt.getTime() - Date.parse(signal.received_at) > validitySeconds * 1000;
}

class RunTimeline {
  readonly entries: SignalTimelineEntry[] = [];
  constructor(private readonly now: () => Date) {}
  add(event: SignalTimelineEntry['event'], note?: string): void {
    this.entries.push({ at: this.now().toISOString(), event, ...(note ? { note } : {}) });
  }
}

function describeOutcome(outcome: PlanOutcome): string {
  const parts = [`${outcome.planId} on ${outcome.brokerId ?? '—'}: ${outcome.outcome}`];
  if (outcome.orderId) parts.push(`order ${outcome.orderId}`);
  if (outcome.reason) parts.push(outcome.reason);
  return parts.join(', ');
}

function observerOf(timeline: RunTimeline, hooks: RunSignalHooks): EntryObserver {
  return {
    orderSent: (assignment) => timeline.add('order_sent', `${assignment.plan.planId} on ${assignment.brokerId}: ${assignment.plan.fields.transaction_type} ${assignment.quantity} ${assignment.plan.instrument.trading_symbol}`),
    orderAnswered: async (outcome) => {
      timeline.add('order_acknowledged', describeOutcome(outcome));
      await hooks.afterEntryOrder?.(outcome);
    },
  };
}

interface RunState {
  readonly signal: SignalItem;
  /** The bridge's validity window (webhook settings), read with the signal. */
  validitySeconds: number;
  readonly timeline: RunTimeline;
  readonly log: Logger;
  readonly hooks: RunSignalHooks;
  readonly items: PrefetchedItems;
  /** The pick-up's write to the timeline, started as the run starts; awaited before any order and before the final write. */
  pickedUp: Promise<unknown>;
}

/** The webhook's send, on a signal whose timeline does not have it yet (a replay or a manual signal writes its own). */
function enqueuedEvents(signal: SignalItem, delivery: SignalDelivery): SignalTimelineEntry[] {
  const written = signal.timeline.some((entry) => entry.event === 'enqueued' || entry.event === 'replayed');
  return written || !delivery.enqueuedAt ? [] : [{ at: delivery.enqueuedAt, event: 'enqueued' }];
}

async function finish(state: RunState, to: SignalStatus, reason: string | null, outcomes?: readonly PlanOutcome[]): Promise<void> {
  const { signal, timeline, log } = state;
  // The final write appends after the pick-up's events: the timeline stays in order.
  await state.pickedUp;
  timeline.add(to, reason ?? undefined);
  const written = await transitionSignal(signal.frch_id, signal.user_id, signal.signal_id, {
    from: 'queued',
    to,
    reason,
    ...(outcomes ? { results: outcomes.map(toSignalResult) } : {}),
    events: timeline.entries,
  });
  if (!written) log.warn('signal moved by another run; its outcome stands', { signalId: signal.signal_id, status: to });
  else log.info('signal finished', { signalId: signal.signal_id, status: to, results: outcomes?.length ?? 0 });
}

async function execute(state: RunState, decision: Extract<SignalDecision, { kind: 'execute' }>, pickedUpAt: Date): Promise<void> {
  const { signal, timeline, log, hooks, validitySeconds } = state;
  if (isExpired(signal, pickedUpAt, validitySeconds)) {
    await finish(state, 'expired', `Picked up more than ${validitySeconds} s after it arrived; not executed late`);
    return;
  }
  timeline.add('resolved', decision.plans.map((plan) => `${plan.planId}: ${plan.fields.transaction_type} ${plan.lots} × ${plan.instrument.trading_symbol}`).join('; ') || 'nothing to place');
  const run: SignalRun = { items: state.items, pickedUp: state.pickedUp, observer: observerOf(timeline, hooks) };
  const closed = decision.closeFirst ? await closePositions(decision.context, decision.closeFirst, log, run) : [];
  for (const outcome of closed) timeline.add('order_acknowledged', describeOutcome(outcome));
  const entered = await executePlans(decision.context, decision.plans, log, run);
  const refused: PlanOutcome[] = decision.refusals.map(({ planId, reason }) => ({ planId, brokerId: null, opId: null, outcome: 'failed', reason, orderId: null }));
  const outcomes = [...closed, ...entered, ...refused];
  const final = finalStatusOf(outcomes);
  await finish(state, final.status, final.reason, outcomes);
}

const DECISIONS: { readonly [K in SignalDecision['kind']]: (state: RunState, decision: Extract<SignalDecision, { kind: K }>, pickedUpAt: Date) => Promise<void> } = {
  ignore: (state, decision) => finish(state, 'ignored', decision.reason),
  reject: (state, decision) => finish(state, 'rejected', decision.reason),
  execute,
};

async function decideAndRun(state: RunState, planner: SignalPlanner, delivery: SignalDelivery, now: () => Date): Promise<void> {
  const { signal, log, items } = state;
  const parsed = parseWebhookBody(signal.content_type ?? undefined, signal.raw_body);
  if (!parsed.ok) {
    await finish(state, 'rejected', `The stored body no longer reads as a signal: ${parsed.problems[0]?.message ?? parsed.reason}`);
    return;
  }
  // A kill switch refuses the signal before anything is planned (read with the signal, no extra round
  // trip); one pressed after this point is still caught by every order's intent transaction.
  const stopped = stopReasonOf(await getAutomationStops({ frchId: signal.frch_id, userId: signal.user_id }, items));
  if (stopped !== null) {
    await finish(state, 'rejected', stopped);
    return;
  }
  const pickedUpAt = earlierPickup(signal) ?? now();
  // The pick-up is recorded while the run plans and writes its positions; no order leaves before it is
  // stored, so a redelivery after a crash continues rather than expiring.
  const pickup = appendSignalEvents(signal.frch_id, signal.user_id, signal.signal_id, [...enqueuedEvents(signal, delivery), { at: now().toISOString(), event: 'picked_up' }]);
  // Marked handled now (its failure surfaces where it is awaited: before any order, and in the final write).
  pickup.catch(() => undefined);
  state.pickedUp = pickup;
  const owner = { frchId: signal.frch_id, userId: signal.user_id };
  const [decision, validitySeconds] = await Promise.all([planner.decide(signal, parsed.signal, now(), log, items), signalValiditySeconds(owner, signal.bridge_id, items)]);
  state.validitySeconds = validitySeconds;
  const run = DECISIONS[decision.kind] as (state: RunState, decision: SignalDecision, pickedUpAt: Date) => Promise<void>;
  await run(state, decision, pickedUpAt);
}

/** The signal, its security settings and what its planner will read, in one round trip. */
async function prefetchRun(payload: SignalPayload, planner: SignalPlanner): Promise<PrefetchedItems> {
  const items = new PrefetchedItems();
  const { frch_id: frchId, user_id: userId } = payload;
  const owner = { frchId, userId };
  await items.prefetch([prefetchKeys.signal(owner, payload.signal_id), prefetchKeys.bridgeSecurity(owner, payload.bridge_id), ...automationStopItemKeys(owner), ...planner.prefetchKeys(payload)]);
  return items;
}

export async function runSignal(payload: SignalPayload, planner: SignalPlanner, log: Logger, delivery: SignalDelivery, hooks: RunSignalHooks = {}): Promise<void> {
  const now = hooks.now ?? clockNow;
  const { receiveCount } = delivery;
  const items = await prefetchRun(payload, planner);
  const signalLog = log.child({ signalId: payload.signal_id, bridgeId: payload.bridge_id, receiveCount });
  const signal = await storedSignal(payload, items, receiveCount, signalLog);
  if (!signal) return;
  if (signal.status !== 'queued') {
    signalLog.info('signal already ended; redelivery ignored', { status: signal.status });
    return;
  }
  const state: RunState = { signal, validitySeconds: DEFAULT_SIGNAL_VALIDITY_SECONDS, timeline: new RunTimeline(now), log: signalLog, hooks, items, pickedUp: Promise.resolve() };
  try {
    await decideAndRun(state, planner, delivery, now);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    signalLog.error('signal run failed', { error });
    await state.pickedUp.catch(() => undefined);
    state.timeline.add('error', message);
    await appendSignalEvents(signal.frch_id, signal.user_id, signal.signal_id, state.timeline.entries.splice(0)).catch(() => undefined);
    if (receiveCount >= SIGNAL_QUEUE.maxReceiveCount) {
      await transitionSignal(signal.frch_id, signal.user_id, signal.signal_id, {
        from: 'queued',
        to: 'failed',
        reason: `Could not be executed after ${receiveCount} attempts: ${message}`,
        events: [{ at: now().toISOString(), event: 'failed', note: message }],
      });
    }
    throw error;
  }
}
