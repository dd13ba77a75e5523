import { ulid } from 'ulid';
import { ORDER_GROUP_HAS_OPEN_POSITIONS_MESSAGE, ORDER_GROUP_OWNED_BY_BRIDGE_MESSAGE, POSITION_BUSY_MESSAGE, type AddOrderGroupRequest, type OrderGroupSettings } from '../../shared/contracts/ordermanager';
import { createOrderGroup, deleteOrderGroup, listOrderGroups, updateOrderGroup, type OrderGroupItem } from '../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../data/ordermanager/order-manager-keys';
import { listPositions } from '../data/ordermanager/position';
import type { PositionItem } from '../data/ordermanager/position-item';
import { BusinessRuleError, ValidationError } from '../platform/errors';
import { loadOwnedOrderGroup, orderManagerChanged } from './owned-order-manager';

export interface OrderGroupWithPositions {
  readonly group: OrderGroupItem;
  readonly positions: readonly PositionItem[];
}

export async function addOrderGroup(owner: OrderManagerOwner, request: AddOrderGroupRequest): Promise<OrderGroupWithPositions> {
  return { group: await createOrderGroup(owner, { og_id: ulid(), bridge_id: null, ...request }), positions: [] };
}

/** Every group of the owner with its positions: two queries, however many groups. */
export async function listOrderGroupsWithPositions(owner: OrderManagerOwner): Promise<OrderGroupWithPositions[]> {
  const [groups, positions] = await Promise.all([listOrderGroups(owner), listPositions(owner)]);
  return groups.map((group) => ({ group, positions: positions.filter((position) => position.og_id === group.og_id) }));
}

export async function loadOrderGroupWithPositions(owner: OrderManagerOwner, ogId: string): Promise<OrderGroupWithPositions> {
  const group = await loadOwnedOrderGroup(owner, ogId);
  return { group, positions: await listPositions(owner, ogId) };
}

/** The window's ends are checked together, after merging the change into what is stored. */
function assertWindowOrdered(group: OrderGroupItem): void {
  if (group.start_time !== null && group.end_time !== null && group.start_time >= group.end_time) {
    throw new ValidationError([{ path: 'end_time', message: 'The start time must be before the end time.' }], 'The start time must be before the end time.');
  }
}

export async function editOrderGroup(owner: OrderManagerOwner, ogId: string, settings: OrderGroupSettings): Promise<OrderGroupWithPositions> {
  const current = await loadOwnedOrderGroup(owner, ogId);
  assertWindowOrdered({ ...current, ...settings });
  const updated = await updateOrderGroup(owner, ogId, settings);
  if (!updated) throw orderManagerChanged();
  return { group: updated, positions: await listPositions(owner, ogId) };
}

/** Deletes the group and its positions; refused while a position is OPEN or has an order being placed. */
export async function removeOrderGroup(owner: OrderManagerOwner, ogId: string): Promise<void> {
  const { group, positions } = await loadOrderGroupWithPositions(owner, ogId);
  if (group.bridge_id !== null) throw new BusinessRuleError(ORDER_GROUP_OWNED_BY_BRIDGE_MESSAGE);
  if (positions.some((position) => position.op_status === 'OPEN')) throw new BusinessRuleError(ORDER_GROUP_HAS_OPEN_POSITIONS_MESSAGE);
  if (positions.some((position) => position.in_flight !== null)) throw new BusinessRuleError(POSITION_BUSY_MESSAGE);
  if (!(await deleteOrderGroup(owner, group, positions))) throw orderManagerChanged();
}
