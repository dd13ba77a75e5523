import { GROUP_FAN_OUT_CONCURRENCY, GROUP_ORDER_NOT_FOUND_MESSAGE, type GroupOrder, type GroupOrderFanOut } from '../../../shared/contracts/groups';
import { childQuantity } from '../../../shared/domain/group-quantities';
import { tradedLotSize } from '../../../shared/domain/instruments';
import { listGroupChildren } from '../../data/groups/group-child';
import type { GroupOwner } from '../../data/groups/group-keys';
import { getGroupOrder, type GroupOrderItem, type GroupOrderTarget } from '../../data/groups/group-order';
import { getOrder, type StoredOrder } from '../../data/orders/order';
import { assertChangeGiven, changeOrder, type OrderChangeCommand } from '../../orders/change-order';
import { OrderNotFoundError, OrderRulesError } from '../../orders/order-errors';
import { findOwnedOrder } from '../../orders/order-history';
import { DomainError, NotFoundError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { mapBounded } from '../../platform/bounded';
import { accountOwnerOf, fanOutAccounts } from './group-accounts';
import { targetOrders } from './group-order-orders';
import { toGroupOrder, toGroupOrderFanOut, type TargetResult } from './group-order-view';
import { loadOwnedChild, loadOwnedGroup } from './owned-group';

/**
 * Changes of a group's pending orders through the common change path (cancel, modify, convert to
 * MARKET): one child's order (`updategroupbrokerorder`), or every pending order of a group order at
 * once (`updateorder`), where a new quantity is the master's and each child's is recomputed with the
 * multiplier it was placed with.
 */

/** One child's order of the group, changed; 404 unless the order is that child's in that group. */
export async function changeChildOrder(owner: GroupOwner, grpId: string, grpBrokerId: string, orderId: string, command: OrderChangeCommand, log: Logger): Promise<GroupOrder> {
  await loadOwnedGroup(owner, grpId);
  const holder = accountOwnerOf(owner, await loadOwnedChild(owner, grpId, grpBrokerId));
  const order = await findOwnedOrder(holder, orderId);
  if (order.grp_id !== grpId || order.grp_broker_id !== grpBrokerId) throw new OrderNotFoundError();
  return toGroupOrder(await changeOrder(holder, order, command, log));
}

/** The command for one target: a new quantity is the master's, so each child's share is computed again. */
function commandFor(record: GroupOrderItem, target: GroupOrderTarget, command: OrderChangeCommand): OrderChangeCommand | { readonly skip: string } {
  if (command.action !== 'modify' || command.quantity === undefined || target.role === 'master') return command;
  const share = childQuantity({ masterQuantity: command.quantity, multiplier: target.multiplier, lotSize: tradedLotSize(record.instrument) });
  return share.kind === 'none' ? { skip: share.reason } : { ...command, quantity: share.quantity };
}

/** A new master quantity must itself be whole lots; checked once, before any child is touched. */
function assertWholeLots(record: GroupOrderItem, command: OrderChangeCommand): void {
  const lotSize = tradedLotSize(record.instrument);
  if (command.quantity === undefined || lotSize === null || command.quantity % lotSize === 0) return;
  throw new OrderRulesError([{ path: 'quantity', message: `Quantity must be a multiple of the lot size ${lotSize}.` }]);
}

async function changeTarget(owner: GroupOwner, record: GroupOrderItem, target: GroupOrderTarget, order: StoredOrder | null, command: OrderChangeCommand, log: Logger): Promise<TargetResult> {
  if (order === null) return { order: null, reason: target.reason ?? 'No order was placed for this account.' };
  if (order.status !== 'pending') return { order, reason: `This order is ${order.status}; only pending orders can be changed.`, outcome: 'skipped' };
  const own = commandFor(record, target, command);
  if ('skip' in own) return { order, reason: own.skip, outcome: 'skipped' };
  try {
    return { order: await changeOrder(accountOwnerOf(owner, target), order, own, log), reason: null, outcome: 'changed' };
  } catch (error) {
    if (!(error instanceof DomainError)) log.error('group order target not changed', { groupOrderId: record.group_order_id, orderId: order.order_id, error });
    const now = (await getOrder(accountOwnerOf(owner, target), order.order_id).catch(() => null)) ?? order;
    return { order: now, reason: error instanceof DomainError ? error.message : 'Not changed: an internal error stopped it; it has been logged.', outcome: 'skipped' };
  }
}

/** The same change on every pending order of a group order; each target's outcome answered. */
export async function changeGroupOrder(owner: GroupOwner, grpId: string, groupOrderId: string, command: OrderChangeCommand, log: Logger): Promise<GroupOrderFanOut> {
  const group = await loadOwnedGroup(owner, grpId);
  const record = await getGroupOrder(owner, grpId, groupOrderId);
  if (!record) throw new NotFoundError(GROUP_ORDER_NOT_FOUND_MESSAGE);
  assertChangeGiven(command);
  assertWholeLots(record, command);
  const [orders, accounts] = await Promise.all([targetOrders(owner, record.targets), listGroupChildren(owner, grpId).then((children) => fanOutAccounts(owner, children))]);
  const results = await mapBounded(record.targets, GROUP_FAN_OUT_CONCURRENCY, (target, index) =>
    changeTarget(owner, record, target, orders[index] ?? null, command, log),
  );
  return toGroupOrderFanOut(record, group, accounts, results, false);
}
