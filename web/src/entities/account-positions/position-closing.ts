import type { AccountPosition } from '@shared/contracts/broker-trading';
import type { Order } from '@shared/contracts/orders';
import type { ToastVariation } from '@/components/toast/toast-context';
import { STATUS_LABELS } from '../orders/order-labels';

/** Whether the position is still open and the platform can name its script (needed to square it off). */
export function canSquareOff(position: AccountPosition): boolean {
  return position.net_quantity !== 0 && position.script_id !== null;
}

/** The order that closes a position: the opposite side for its whole net quantity, at market. */
export function closingOrderText(position: AccountPosition): string {
  const side = position.net_quantity > 0 ? 'SELL' : 'BUY';
  return `A MARKET ${side} order for ${Math.abs(position.net_quantity)} units of ${position.trading_symbol} (${position.product}) closes this position.`;
}

/** What the square-off orders became, for the toast: refusals with the broker's reason first. */
export function squareOffOutcome(orders: readonly Order[]): { variation: ToastVariation; message: string } {
  if (orders.length === 0) return { variation: 'info', message: 'No open positions to square off.' };
  const refused = orders.filter((order) => order.status === 'rejected' || order.status === 'failed');
  if (refused.length > 0) {
    const reasons = refused.map((order) => `${order.trading_symbol}: ${STATUS_LABELS[order.status]} — ${order.reason ?? 'no reason given'}`);
    return { variation: 'error', message: `Square off not done for ${reasons.join('; ')}` };
  }
  const statuses = [...new Set(orders.map((order) => STATUS_LABELS[order.status].toLowerCase()))].join(', ');
  return { variation: 'success', message: `${orders.length} square-off ${orders.length === 1 ? 'order' : 'orders'} ${statuses}.` };
}
