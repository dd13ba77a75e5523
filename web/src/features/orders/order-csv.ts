import type { Order } from '@shared/contracts/orders';
import type { AccountNamer } from '@/entities/orders/account-names';
import type { OrderHistoryKind } from '@/entities/orders/order-history-kind';
import { ORDER_HISTORY_TABS } from '@/entities/orders/order-history-kind';
import { ORIGIN_LABELS, STATUS_LABELS } from '@/entities/orders/order-labels';
import { toCsv, type CsvColumn } from '@/lib/csv';
import { formatDateTime, stampedFileName } from '@/lib/format/date-time';

const plain = (value: number | null): string | number => (value === null ? '' : value);

/** The screen's columns and more, the account named as the screen names it. */
const orderColumns = (accountName: AccountNamer): readonly CsvColumn<Order>[] => [
  { header: 'Time', value: (order) => formatDateTime(order.create_time) },
  { header: 'Account', value: (order) => accountName(order) },
  { header: 'Symbol', value: (order) => order.trading_symbol },
  { header: 'Exchange', value: (order) => order.exchange },
  { header: 'Side', value: (order) => order.transaction_type },
  { header: 'Type', value: (order) => order.order_type },
  { header: 'Product', value: (order) => order.product },
  { header: 'Quantity', value: (order) => order.quantity },
  { header: 'Filled quantity', value: (order) => order.filled_quantity },
  { header: 'Price', value: (order) => plain(order.price) },
  { header: 'Trigger price', value: (order) => plain(order.trigger_price) },
  { header: 'Average price', value: (order) => plain(order.average_price) },
  { header: 'Status', value: (order) => STATUS_LABELS[order.status] },
  { header: 'Reason', value: (order) => order.reason ?? '' },
  { header: 'Origin', value: (order) => ORIGIN_LABELS[order.origin] },
  { header: 'Order id', value: (order) => order.order_id },
  { header: 'Broker order id', value: (order) => order.broker_order_id ?? '' },
];

/** Orders as CSV, each with its account's name, times in Asia/Kolkata, prices as plain numbers. */
export function orderCsv(orders: readonly Order[], accountName: AccountNamer): string {
  return toCsv(orderColumns(accountName), orders);
}

/** `order-history-individual_2026-11-21_14-05-09.csv`, stamped with the Asia/Kolkata time of the export. */
export function orderCsvFileName(kind: OrderHistoryKind, now: Date = new Date()): string {
  return stampedFileName(ORDER_HISTORY_TABS[kind].csvBase, 'csv', now);
}
