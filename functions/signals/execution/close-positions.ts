import type { PositionOutcome } from '../../../shared/contracts/ordermanager';
import { getOrderGroup, type OrderGroupItem } from '../../data/ordermanager/order-group';
import { listPositions } from '../../data/ordermanager/position';
import type { PositionItem } from '../../data/ordermanager/position-item';
import { movePositionWithoutOrder, placePositionOrder } from '../../ordermanager/position-actions';
import { DomainError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { settleAll } from './execute-plans';
import type { PlanContext } from './order-plan';
import type { PlanOutcome } from './plan-outcome';
import type { SignalRun } from './signal-run';

/**
 * Closes the order group's positions a signal selects before it enters (exit on opposite, EXIT / NONE
 * signals, position_size 0): an OPEN one exits through the order path, a WAITING one is cancelled.
 * An exit already in flight (a crash after it was sent) is asked again with its attempt's key, so a
 * redelivery answers that exit rather than placing another; closed positions are no longer selected.
 */
export const CLOSE_PLAN_ID = 'close';

type Closer = (owner: PlanContext['owner'], group: OrderGroupItem, position: PositionItem, log: Logger) => Promise<PositionOutcome>;

const CLOSERS: Readonly<Record<'OPEN' | 'WAITING', { readonly close: Closer; readonly done: PlanOutcome['outcome'] }>> = {
  OPEN: { close: (owner, group, position, log) => placePositionOrder(owner, group, position, 'exit', log), done: 'exited' },
  WAITING: { close: (owner, group, position) => movePositionWithoutOrder(owner, group, position, 'cancel'), done: 'cancelled' },
};

const CLOSED_OUTCOMES: Readonly<Record<PositionOutcome['outcome'], PlanOutcome['outcome'] | null>> = { done: null, failed: 'failed', unknown: 'unknown', refused: 'failed' };

function isClosable(position: PositionItem): position is PositionItem & { op_status: 'OPEN' | 'WAITING' } {
  return position.op_status === 'OPEN' || position.op_status === 'WAITING';
}

async function closeOne(context: PlanContext, group: OrderGroupItem, position: PositionItem & { op_status: 'OPEN' | 'WAITING' }, log: Logger): Promise<PlanOutcome> {
  const base = { planId: CLOSE_PLAN_ID, brokerId: position.broker_id, opId: position.op_id };
  const closer = CLOSERS[position.op_status];
  try {
    const closed = await closer.close(context.owner, group, position, log);
    return { ...base, outcome: CLOSED_OUTCOMES[closed.outcome] ?? closer.done, reason: closed.reason, orderId: closed.order_id };
  } catch (error) {
    if (!(error instanceof DomainError) || error.status === 500) throw error;
    return { ...base, outcome: 'failed', reason: error.message, orderId: null };
  }
}

export async function closePositions(context: PlanContext, select: (position: PositionItem) => boolean, log: Logger, run: SignalRun): Promise<PlanOutcome[]> {
  const group = await getOrderGroup(context.owner, context.ogId, run.items);
  if (!group) return [];
  const selected = (await listPositions(context.owner, context.ogId)).filter((position) => isClosable(position) && select(position));
  const closing = log.child({ ogId: context.ogId, signalId: context.signalId, closing: selected.length });
  if (selected.length > 0) await run.pickedUp;
  return settleAll(selected.filter(isClosable), (position) => closeOne(context, group, position, closing));
}
