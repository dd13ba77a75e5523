import type { AccountBookOrder } from '@shared/contracts/broker-trading';
import type { Order } from '@shared/contracts/orders';
import { STATUS_LABELS } from './order-labels';

/** The confirmed one-click changes of a pending book row, in button order (modify has its own dialog). */
export const ONE_CLICK_CHANGE_ORDER = ['cancel', 'converttomarket'] as const;
export type OneClickChange = (typeof ONE_CLICK_CHANGE_ORDER)[number];

interface OneClickStyle {
  button: string;
  title: string;
  text: (row: AccountBookOrder) => string;
  confirm: string;
  pending: string;
  done: (order: Order) => string;
}

/** How a book row is named in buttons and confirmations: "BUY 130 NIFTY25NOV2524000CE". */
export const rowName = (row: AccountBookOrder) => `${row.action ?? ''} ${row.quantity} ${row.trading_symbol}`.trim();

export const ONE_CLICK_CHANGES: Readonly<Record<OneClickChange, OneClickStyle>> = {
  cancel: {
    button: 'Cancel',
    title: 'Cancel this order?',
    text: (row) => `The open order ${rowName(row)} is withdrawn at the broker. What has filled (${row.filled_quantity}) stays filled.`,
    confirm: 'Cancel order',
    pending: 'Cancelling…',
    done: (order) => `Order ${STATUS_LABELS[order.status].toLowerCase()}: ${order.trading_symbol}.`,
  },
  converttomarket: {
    button: 'Convert to market',
    title: 'Convert to a market order?',
    text: (row) => `The open order ${rowName(row)} becomes a MARKET order and fills at the best price available now.`,
    confirm: 'Convert to market',
    pending: 'Converting…',
    done: (order) => `Converted to MARKET: ${STATUS_LABELS[order.status].toLowerCase()}${order.reason ? ` — ${order.reason}` : ''}.`,
  },
};

export function isChangeable(row: AccountBookOrder): boolean {
  return row.status === 'pending';
}
