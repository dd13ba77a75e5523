import type * as z from 'zod';
import type { LinkedOrder, Order } from '@shared/contracts/orders';
import type { ToastVariation } from '@/components/toast/toast-context';
import type { AccountNamer } from '@/entities/orders/account-names';
import { STATUS_LABELS } from '@/entities/orders/order-labels';
import { fanOutSummary } from './fan-out-outcome';
import { ONE_ORDER_CHANGES, roleOf, WHOLE_ORDER_CHANGE } from './pending-order-changes';

/** What a pending-order action applies to: one account's order, or every pending order of a group order. */
export type ChangeScope =
  | { kind: 'one'; order: LinkedOrder }
  | { kind: 'whole'; grpId: string; groupOrderId: string; orders: readonly [LinkedOrder, ...LinkedOrder[]] };

export interface ChangeOutcome {
  variation: ToastVariation;
  message: string;
}

/** The order the dialogs start from and name (the whole order's first). */
export function sampleOf(scope: ChangeScope): LinkedOrder {
  return scope.kind === 'one' ? scope.order : scope.orders[0];
}

/** "BUY 130 NIFTY…CE of Paper Trading (…)" or "BUY NIFTY…CE on 3 accounts". */
export function scopeName(scope: ChangeScope, accountName: AccountNamer): string {
  const order = sampleOf(scope);
  return scope.kind === 'one'
    ? `${order.transaction_type} ${order.quantity} ${order.trading_symbol} of ${accountName(order)}`
    : `${order.transaction_type} ${order.trading_symbol} on ${scope.orders.length} ${scope.orders.length === 1 ? 'account' : 'accounts'}`;
}

function oneOutcome(order: Order): ChangeOutcome {
  const refused = order.status === 'rejected' || order.status === 'failed';
  return {
    variation: refused ? 'error' : 'success',
    message: `Order ${STATUS_LABELS[order.status].toLowerCase()}: ${order.trading_symbol}${order.reason ? ` — ${order.reason}` : ''}.`,
  };
}

interface ScopeCall {
  schema: z.ZodType;
  /** The fields that name the order(s) in the call's body. */
  naming: Record<string, string>;
  send: (body: Record<string, unknown>) => Promise<ChangeOutcome>;
}

/** The call that changes the scope, and how its answer is told. */
export function scopeCall(scope: ChangeScope): ScopeCall {
  if (scope.kind === 'whole') {
    return {
      schema: WHOLE_ORDER_CHANGE.schema,
      naming: WHOLE_ORDER_CHANGE.naming(scope.grpId, scope.groupOrderId),
      send: async (body) => fanOutSummary(await WHOLE_ORDER_CHANGE.send(body), 'changed'),
    };
  }
  const call = ONE_ORDER_CHANGES[roleOf(scope.order)];
  return { schema: call.schema, naming: call.naming(scope.order), send: async (body) => oneOutcome(await call.send(body)) };
}

/** A group order's pending orders as one scope, or null when it has none pending (or is a square-off, which no group order placed). */
export function wholeScopeOf(orders: readonly LinkedOrder[]): ChangeScope | null {
  const pending = orders.filter((order) => order.status === 'pending');
  const [first, ...rest] = pending;
  if (!first || first.group_order_id === null || first.grp_id === null) return null;
  return { kind: 'whole', grpId: first.grp_id, groupOrderId: first.group_order_id, orders: [first, ...rest] };
}
