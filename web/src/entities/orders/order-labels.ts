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

/** What an order's Fill / avg price column says: the fill's average price, else the asked price, else nothing. */
export interface FillPrice {
  /** The figure: "812.45", or "—" for a MARKET order not (yet) filled. */
  text: string;
  /** Under the figure: "limit" when it is the order's limit price, not a fill's; null for a fill or nothing. */
  note: string | null;
}

/** The average price once anything filled; else the limit price, marked as such; else "—" (the CSV's Average price and Price). */
export function fillPriceOf(order: Pick<Order, 'filled_quantity' | 'average_price' | 'price'>): FillPrice {
  if (order.filled_quantity > 0 && order.average_price !== null) return { text: formatPrice(order.average_price), note: null };
  if (order.price !== null) return { text: formatPrice(order.price), note: 'limit' };
  return { text: '—', note: null };
}
