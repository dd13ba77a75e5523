import * as z from 'zod';
import type { pendingGroupOrderSchema } from '../../../shared/contracts/groups';
import { tradingDay } from '../../../shared/domain/market-clock';
import { listGroups, type GroupItem } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import { listOrders } from '../../data/orders/order-listing';
import { refreshOrders } from '../../orders/refresh-orders';
import { now } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { accountNameOf, toGroupOrder } from './group-order-view';
import { accountsById } from './group-accounts';
import { loadOwnedGroup } from './owned-group';

type PendingGroupOrder = z.infer<typeof pendingGroupOrderSchema>;

export interface PendingPage {
  readonly items: PendingGroupOrder[];
  readonly next_cursor: string | null;
}

/**
 * The caller's pending group orders, of one group or all, newest first. The groups' pending counters
 * say whether there is any at all (no query when none); otherwise the orders are read from the oldest
 * group's first day on (no group order is older than its group), their statuses refreshed from the
 * brokers, and those still pending listed with the group's and the account's names.
 */
export async function listPendingGroupOrders(owner: GroupOwner, grpId: string | undefined, page: { limit: number; cursor?: string | undefined }, log: Logger): Promise<PendingPage> {
  const groups: GroupItem[] = grpId === undefined ? await listGroups(owner) : [await loadOwnedGroup(owner, grpId)];
  if (groups.every((group) => group.pending_quantity === 0)) return { items: [], next_cursor: null };
  const oldest = groups.map((group) => group.createdAt).sort()[0] ?? now().toISOString();
  const listed = await listOrders(owner, {
    fromDay: tradingDay(new Date(oldest)),
    toDay: tradingDay(now()),
    status: 'pending',
    origins: ['copytrading'],
    ofGroups: grpId === undefined,
    groupId: grpId,
    limit: page.limit,
    cursor: page.cursor,
  });
  const [orders, accounts] = await Promise.all([refreshOrders(owner, listed.orders, log), accountsById(owner)]);
  const names = new Map(groups.map((group) => [group.grp_id, group.grp_name]));
  const items = orders
    .filter((order) => order.status === 'pending' && order.grp_id !== null && names.has(order.grp_id))
    .map((order) => ({ ...toGroupOrder(order), grp_name: names.get(order.grp_id ?? '') ?? '', broker_combined_name: accountNameOf(accounts, order.broker_id) }));
  return { items, next_cursor: listed.nextCursor };
}
