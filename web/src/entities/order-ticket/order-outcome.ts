import type { Order } from '@shared/contracts/orders';
import type { OrderStatus } from '@shared/domain/states';
import type { ToastVariation } from '@/components/toast/toast-context';
import { formatPrice, STATUS_LABELS } from '../orders/order-labels';

interface OutcomeStyle {
  variation: ToastVariation;
  /** The toast's words; the broker's reason follows for refusals. */
  headline: string;
}

/** How each status an order can come back with is told to the user. */
const OUTCOMES: Readonly<Record<OrderStatus, OutcomeStyle>> = {
  pending: { variation: 'success', headline: 'Order placed: open at the broker.' },
  completed: { variation: 'success', headline: 'Order completed.' },
  cancelled: { variation: 'info', headline: 'Order cancelled.' },
  rejected: { variation: 'error', headline: 'Order rejected' },
  failed: { variation: 'error', headline: 'Order failed' },
};

/** Sent, but the broker's answer was lost: the platform looks the order up by its tag, never sends it again. */
const UNCONFIRMED: OutcomeStyle = {
  variation: 'warning',
  headline: 'Order sent, not yet confirmed by the broker: it is being checked by its tag. See the order book before placing it again.',
};

function styleOf(order: Pick<Order, 'status' | 'submission'>): OutcomeStyle {
  return order.submission === 'UNKNOWN' ? UNCONFIRMED : OUTCOMES[order.status];
}

export function outcomeVariation(order: Pick<Order, 'status' | 'submission'>): ToastVariation {
  return styleOf(order).variation;
}

/** The toast: "Order rejected: Insufficient funds", "Order completed." */
export function outcomeMessage(order: Pick<Order, 'status' | 'submission' | 'reason'>): string {
  const { headline } = styleOf(order);
  const isRefusal = order.status === 'rejected' || order.status === 'failed';
  return isRefusal ? `${headline}: ${order.reason ?? 'the broker gave no reason'}` : headline;
}

/** The result line under the ticket: "BUY 130 NIFTY…CE LIMIT @ 12.05 · Pending". */
export function orderSummary(order: Order): string {
  const at = order.order_type === 'MARKET' ? (order.average_price === null ? '' : ` filled @ ${formatPrice(order.average_price)}`) : ` @ ${formatPrice(order.price)}`;
  return `${order.transaction_type} ${order.quantity} ${order.trading_symbol} ${order.order_type}${at} · ${STATUS_LABELS[order.status]}`;
}
