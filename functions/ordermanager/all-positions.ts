import { ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE, type PositionOutcome } from '../../shared/contracts/ordermanager';
import type { OrderGroupItem } from '../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../data/ordermanager/order-manager-keys';
import { getPosition } from '../data/ordermanager/position';
import type { PositionItem } from '../data/ordermanager/position-item';
import { BusinessRuleError, DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { toPosition } from './order-manager-view';
import { loadOrderGroupWithPositions } from './order-groups';
import { movePositionWithoutOrder, placePositionOrder, type PositionActionName } from './position-actions';
import { actionRefusal } from './position-rules';

/** The all-actions of spec §4: cancel-all and execute-all on WAITING positions, exit-all on OPEN ones. */
export type AllAction = 'cancel' | 'enter' | 'exit';

const NOTHING_TO_DO: Readonly<Record<AllAction, string>> = {
  cancel: 'There is no WAITING position to cancel in this order group.',
  enter: 'There is no WAITING position to enter in this order group.',
  exit: 'There is no OPEN position to exit in this order group.',
};

function actOn(owner: OrderManagerOwner, group: OrderGroupItem, position: PositionItem, action: AllAction, log: Logger): Promise<PositionOutcome> {
  return action === 'cancel' ? movePositionWithoutOrder(owner, group, position, action) : placePositionOrder(owner, group, position, action, log);
}

/** One position's refusal (its state moved meanwhile, an order in flight…) is its outcome, not the call's failure. */
async function refusedOutcome(owner: OrderManagerOwner, position: PositionItem, error: DomainError): Promise<PositionOutcome> {
  const fresh = (await getPosition(owner, position.og_id, position.op_id)) ?? position;
  return { op_id: position.op_id, outcome: 'refused', reason: error.message, order_id: null, position: toPosition(fresh) };
}

/**
 * Applies the action to every eligible position of the group and answers each one's outcome. The
 * positions go at once: a group holds at most 50, and each account's own rate limit paces its orders.
 */
export async function actOnAllPositions(owner: OrderManagerOwner, ogId: string, action: AllAction, log: Logger): Promise<PositionOutcome[]> {
  const { group, positions } = await loadOrderGroupWithPositions(owner, ogId);
  const eligible = positions.filter((position) => actionRefusal(action satisfies PositionActionName, position.op_status) === null);
  if (eligible.length === 0) throw new BusinessRuleError(NOTHING_TO_DO[action]);
  if (action === 'enter' && !group.og_place_order) throw new BusinessRuleError(ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE);
  return Promise.all(
    eligible.map((position) =>
      actOn(owner, group, position, action, log).catch((error: unknown) => {
        if (error instanceof DomainError && error.status !== 500) return refusedOutcome(owner, position, error);
        throw error;
      }),
    ),
  );
}
