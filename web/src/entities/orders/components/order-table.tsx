import { Text } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router-dom';
import type { Order } from '@shared/contracts/orders';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date-time';
import type { AccountNamer } from '../account-names';
import { fillPriceOf, ORIGIN_LABELS } from '../order-labels';
import { OrderStatusText } from './order-status-text';

/** A figure with a second, smaller line under it (the exchange under a symbol, the product under a type). */
function TwoLines({ main, under }: { main: string; under: string | null }) {
  return (
    <>
      <Text as="span" display="block">
        {main}
      </Text>
      {under ? (
        <Text as="span" variation="secondary" fontSize="small">
          {under}
        </Text>
      ) : null}
    </>
  );
}

/** The history's columns: the account first after the time (several accounts trade the same script), the fill's price, the status whole. */
const COLUMNS: readonly TableColumn<Order, AccountNamer>[] = [
  { header: 'Time', key: 'time', priority: 'medium', cell: (order) => formatDateTime(order.create_time) },
  { header: 'Account', key: 'account', cell: (order, accountName) => accountName(order) },
  {
    header: 'Symbol',
    key: 'symbol',
    card: 'title',
    cell: (order) => (
      <>
        <Text as="span" fontWeight="semibold" display="block">
          {order.trading_symbol}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {order.exchange}
        </Text>
      </>
    ),
  },
  { header: 'Side', key: 'side', card: 'lead', cell: (order) => order.transaction_type },
  { header: 'Type', key: 'type', priority: 'low', cell: (order) => <TwoLines main={order.order_type} under={order.product} /> },
  { header: 'Qty', key: 'quantity', numeric: true, card: 'lead', cell: (order) => String(order.quantity) },
  {
    header: 'Fill / avg price',
    key: 'fill-price',
    numeric: true,
    card: 'lead',
    cell: (order) => {
      const fill = fillPriceOf(order);
      return <TwoLines main={fill.text} under={fill.note} />;
    },
  },
  { header: 'Status', key: 'status', wrap: true, card: 'lead', cell: (order) => <OrderStatusText order={order} /> },
  { header: 'Origin', key: 'origin', priority: 'low', cell: (order) => ORIGIN_LABELS[order.origin] },
];

/** The link of an order's details page. */
export function orderDetailsHref(orderId: string): string {
  return `${paths.orderDetails}?${new URLSearchParams({ order_id: orderId }).toString()}`;
}

/**
 * Orders newest first, times in Asia/Kolkata, each with its account; a row (click or Enter) opens the order's
 * details — unless `opensDetails` is false (another user's orders, as a parent sees a sub-user's: the details
 * page shows only the caller's own).
 */
export function OrderTable({ orders, accountName, opensDetails = true }: { orders: readonly Order[]; accountName: AccountNamer; opensDetails?: boolean }) {
  const navigate = useNavigate();
  return (
    <ColumnTable
      className="orders-table"
      caption={opensDetails ? 'Orders, times in Asia/Kolkata; choose one for its details' : 'Orders, times in Asia/Kolkata'}
      highlightOnHover
      columns={COLUMNS}
      rows={orders}
      rowKey={(order) => order.order_id}
      rowName={(order) => `Order ${order.trading_symbol} ${order.transaction_type} ${order.quantity}`}
      {...(opensDetails ? { onRowOpen: (order: Order) => void navigate(orderDetailsHref(order.order_id)) } : {})}
      tools={accountName}
    />
  );
}
