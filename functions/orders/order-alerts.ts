import { BROKER_DISPLAY_NAMES } from '../../shared/domain/brokers';
import type { ConnectionRecord } from '../data/connections-repository';
import type { OrderChanges, OrderOwner, StoredOrder } from '../data/orders/order';
import { alertAudience, publishAlert } from '../notifications/publish-alert';

/** The account as lists name it when only the order is at hand (the broker and the account's short id). */
const accountOf = (order: StoredOrder) => `${BROKER_DISPLAY_NAMES[order.broker]} (${order.broker_id.slice(-6)})`;

const SETTLED_STATUSES: readonly StoredOrder['status'][] = ['completed', 'rejected', 'failed'];

/**
 * Who would hear of this change, read beside the order's write when the change settles the order (a
 * fill, a rejection); null for any other change, which alerts nobody.
 */
export function audienceIfSettling(owner: OrderOwner, order: StoredOrder, changes: OrderChanges): Promise<readonly ConnectionRecord[]> | null {
  const next = changes.status;
  if (next === undefined || next === order.status || !SETTLED_STATUSES.includes(next)) return null;
  return alertAudience(owner);
}

/**
 * The alert an order's recorded change is worth: it filled, or the broker rejected it (or it was never
 * placed). Only the write that moved the order into that status alerts, so each order alerts once.
 */
export async function alertOnSettled(owner: OrderOwner, before: StoredOrder, after: StoredOrder, audience: Promise<readonly ConnectionRecord[]>): Promise<void> {
  if (before.status === after.status) return;
  const trade = { account: accountOf(after), side: after.transaction_type, trading_symbol: after.instrument.trading_symbol };
  if (after.status === 'completed') await publishAlert(owner, { kind: 'fill', ...trade, quantity: after.filled_quantity, price: after.average_price }, undefined, audience);
  if (after.status === 'rejected' || after.status === 'failed') await publishAlert(owner, { kind: 'rejection', ...trade, quantity: after.quantity, reason: after.reason }, undefined, audience);
}
