import type { PositionOutcome } from '../../../shared/contracts/ordermanager';
import { turnPlaceOrderOff, type OrderGroupItem } from '../../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../../data/ordermanager/order-manager-keys';
import { movePosition, trackPosition } from '../../data/ordermanager/position-changes';
import type { PositionItem } from '../../data/ordermanager/position-item';
import { getOrder } from '../../data/orders/order';
import { changeOrder } from '../../orders/change-order';
import { DomainError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { placePositionOrder } from '../position-actions';
import { abandonRollover, completeRollover, startRollover } from '../rollover/rollover-effects';
import type { EntryWithdrawal, MonitorDecision } from './monitor-decision-types';
import { notifyGroupExit, notifyPositionExited } from './monitor-notifications';

/**
 * Carries out the monitor's decisions. Orders go through the order manager's own path
 * (`placePositionOrder`: claim, intent with tag and idempotency key per attempt, settlement), moves
 * without an order are conditional on the state decided from, so a second monitor run acting on the
 * same read, or a user's request in between, makes the later write fail instead of acting twice.
 */
export interface EffectScope {
  readonly owner: OrderManagerOwner;
  readonly group: OrderGroupItem;
  readonly log: Logger;
}

type DecisionOf<Kind extends MonitorDecision['kind']> = Extract<MonitorDecision, { kind: Kind }>;
type Effect<Kind extends MonitorDecision['kind']> = (scope: EffectScope, decision: DecisionOf<Kind>) => Promise<void>;

/** A refused action (the position moved meanwhile, an order already in flight…) is a lost race, not a failure. */
async function guarded(scope: EffectScope, position: PositionItem, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError && error.status !== 500) {
      scope.log.info('position monitor action refused', { opId: position.op_id, reason: error.message });
      return;
    }
    scope.log.error('position monitor action failed', { opId: position.op_id, error });
  }
}

function logOutcome(scope: EffectScope, outcome: PositionOutcome): void {
  if (outcome.outcome !== 'done') scope.log.warn('position monitor order not done', { opId: outcome.op_id, outcome: outcome.outcome, reason: outcome.reason });
}

const enter: Effect<'enter'> = (scope, { position, note }) =>
  guarded(scope, position, async () => logOutcome(scope, await placePositionOrder(scope.owner, scope.group, position, 'enter', scope.log, { reason: note })));

const exit: Effect<'exit'> = (scope, { position, leg, note }) =>
  guarded(scope, position, async () => {
    const outcome = await placePositionOrder(scope.owner, scope.group, position, 'exit', scope.log, { leg, reason: note });
    logOutcome(scope, outcome);
    if (outcome.outcome === 'done') await notifyPositionExited(scope.owner, scope.group, outcome.position, scope.log);
  });

const cancel: Effect<'cancel'> = (scope, { position, note }) =>
  guarded(scope, position, () => movePosition(scope.owner, position, 'CANCELLED', { action: 'cancel', note }, 'END_TIME'));

/**
 * Cancels a position's resting entry order at its broker; when nothing of it filled, the position closes
 * as asked. A part fill (or a fill that won the race) is left to the follow-up, which makes the position
 * OPEN for what is held, to be exited on the next tick.
 */
async function withdrawEntry(scope: EffectScope, position: PositionItem, close: EntryWithdrawal, note: string): Promise<void> {
  const order = position.entry_order_id === null ? null : await getOrder(scope.owner, position.entry_order_id);
  if (order === null) return;
  const after = await changeOrder(scope.owner, order, { action: 'cancel' }, scope.log);
  if (after.status === 'pending' || after.filled_quantity > 0) return;
  await movePosition(scope.owner, position, close.to, { action: 'cancel', note: `${note}; entry order ${order.order_id} cancelled, nothing filled` }, close.leg);
}

const withdraw: Effect<'withdraw-entry'> = (scope, { position, close, note }) => guarded(scope, position, () => withdrawEntry(scope, position, close, note));

const trail: Effect<'trail'> = (scope, { position, levels, note }) => guarded(scope, position, () => trackPosition(scope.owner, position, levels, { action: 'trail', note }));

/**
 * The group's target or stop-loss: orders off first (so nothing enters meanwhile), then every OPEN
 * position exits (leg TGT / SL, ending in the group status), every WAITING one is closed with it, and
 * every resting entry order is withdrawn.
 */
const groupExit: Effect<'group-exit'> = async (scope, { status, exits, cancels, withdrawals, note }) => {
  const turnedOff = await turnPlaceOrderOff(scope.owner, scope.group.og_id);
  if (turnedOff) await notifyGroupExit(scope.owner, scope.group, status, note, scope.log);
  const leg = status === 'GROUP_TGT' ? 'TGT' : 'SL';
  const offGroup = { ...scope.group, og_place_order: false };
  await Promise.all([
    ...exits.map((position) =>
      guarded(scope, position, async () => logOutcome(scope, await placePositionOrder(scope.owner, offGroup, position, 'exit', scope.log, { leg, to: status, reason: note }))),
    ),
    ...cancels.map((position) => guarded(scope, position, () => movePosition(scope.owner, position, status, { action: 'cancel', note }, leg))),
    ...withdrawals.map((position) => guarded(scope, position, () => withdrawEntry(scope, position, { to: status, leg }, note))),
  ]);
};

/** Exit, then open the successor on the next expiry (rollover/rollover-effects.ts). */
const rollover: Effect<'rollover'> = (scope, { position, note }) => guarded(scope, position, () => startRollover(scope, position, note));

const ROLLOVER_RESUMES: Readonly<Record<DecisionOf<'rollover-resume'>['outcome'], (scope: EffectScope, position: PositionItem, note: string) => Promise<void>>> = {
  complete: (scope, position) => completeRollover(scope, position),
  abandon: abandonRollover,
};

const rolloverResume: Effect<'rollover-resume'> = (scope, { position, outcome, note }) => guarded(scope, position, () => ROLLOVER_RESUMES[outcome](scope, position, note));

const EFFECTS: { readonly [Kind in MonitorDecision['kind']]: Effect<Kind> } = {
  enter,
  exit,
  cancel,
  'withdraw-entry': withdraw,
  trail,
  'group-exit': groupExit,
  rollover,
  'rollover-resume': rolloverResume,
};

function applyOf<Kind extends MonitorDecision['kind']>(scope: EffectScope, decision: DecisionOf<Kind> & { readonly kind: Kind }): Promise<void> {
  const effect: Effect<Kind> = EFFECTS[decision.kind];
  return effect(scope, decision);
}

export function applyDecision(scope: EffectScope, decision: MonitorDecision): Promise<void> {
  return applyOf(scope, decision);
}
