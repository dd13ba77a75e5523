import type { Order } from '@shared/contracts/orders';
import { ORDER_STATUSES, type OrderStatus } from '@shared/domain/states';
import type { OrderOrigin } from './order-history-kind';

export { ORDER_STATUSES };

/** Spec §4 order statuses as the screens say them. */
export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  failed: 'Failed',
};

/** Spec §3 history origins as the screens say them. */
export const ORIGIN_LABELS: Readonly<Record<OrderOrigin, string>> = {
  manual: 'Manual',
  copytrading: 'Copy trading',
  ordermanager: 'Order manager',
  bridge: 'Bridge',
  api: 'API',
};

const priceFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price exactly, with Indian digit grouping (1,23,456.50); '—' when there is none (MARKET). */
export function formatPrice(price: number | null): string {
  return price === null ? '—' : priceFormat.format(price);
}

/** The status with the broker's reason when it gave one: "Rejected — Insufficient funds". */
export function statusWithReason(order: Pick<Order, 'status' | 'reason'>): string {
  const label = STATUS_LABELS[order.status];
  return order.reason ? `${label} — ${order.reason}` : label;
}
