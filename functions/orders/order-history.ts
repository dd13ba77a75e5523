import { GROUP_NOT_FOUND_MESSAGE } from '../../shared/contracts/groups';
import type { GroupOrderHistoryRequest, LinkedOrder } from '../../shared/contracts/orders';
import { tradingDay } from '../../shared/domain/market-clock';
import { ORDER_ORIGINS } from '../../shared/domain/ranges';
import { loadOwnedAccount } from '../broker-accounts/accounts/owned-account';
import { getGroup } from '../data/groups/group';
import { getOrder, type OrderOrigin, type OrderOwner, type StoredOrder } from '../data/orders/order';
import { listOrders } from '../data/orders/order-listing';
import { now } from '../platform/clock';
import { NotFoundError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { resolveHistoryRange } from '../user/history-range';
import { OrderNotFoundError } from './order-errors';
import { toLinkedOrder } from './order-view';
import { refreshOrder, refreshOrders } from './refresh-orders';

/**
 * The caller's orders through one query path: by IST trading day (default: the last 30 days),
 * newest first, filtered by status, origin, account and symbol, one page at a time, pending ones
 * refreshed from their broker. The scopes differ only in origins: individual orders are every origin
 * but copy trading; group orders are copy trading's, of every group or one group or one group order.
 * Each order answers with its copy-trading link, so group history breaks down per child.
 */
export type HistoryScope = 'individual' | 'group' | 'all';

const SCOPE_ORIGINS: Readonly<Record<HistoryScope, readonly OrderOrigin[]>> = {
  individual: ORDER_ORIGINS.filter((origin) => origin !== 'copytrading'),
  group: ['copytrading'],
  all: ORDER_ORIGINS,
};

function originsOf(scope: HistoryScope, requested: OrderOrigin | undefined): readonly OrderOrigin[] {
  const allowed = SCOPE_ORIGINS[scope];
  if (requested === undefined) return allowed;
  return allowed.includes(requested) ? [requested] : [];
}

export interface OrderPage {
  readonly items: LinkedOrder[];
  readonly next_cursor: string | null;
}

export async function readOrderHistory(
  owner: OrderOwner,
  request: Partial<GroupOrderHistoryRequest> & Pick<GroupOrderHistoryRequest, 'limit'>,
  scope: HistoryScope,
  log: Logger,
): Promise<OrderPage> {
  const range = resolveHistoryRange(request, now());
  if (request.broker_id) await loadOwnedAccount(owner, request.broker_id);
  if (request.group_id && !(await getGroup(owner, request.group_id))) throw new NotFoundError(GROUP_NOT_FOUND_MESSAGE);
  const page = await listOrders(owner, {
    fromDay: tradingDay(new Date(range.fromIso)),
    toDay: tradingDay(new Date(range.toIso)),
    status: request.status,
    origins: originsOf(scope, request.origin),
    accountId: request.broker_id,
    groupId: request.group_id,
    groupOrderId: request.group_order_id,
    symbol: request.symbol,
    limit: request.limit,
    cursor: request.cursor,
  });
  const orders = await refreshOrders(owner, page.orders, log);
  return { items: orders.map(toLinkedOrder), next_cursor: page.nextCursor };
}

/** One of the owner's orders as stored; 404 for another user's (or an unknown) id. */
export async function findOwnedOrder(owner: OrderOwner, orderId: string): Promise<StoredOrder> {
  const order = await getOrder(owner, orderId);
  if (!order) throw new OrderNotFoundError();
  return order;
}

/** One of the owner's orders, refreshed from its broker. */
export async function readOrder(owner: OrderOwner, orderId: string, log: Logger): Promise<StoredOrder> {
  return refreshOrder(owner, await findOwnedOrder(owner, orderId), log);
}
