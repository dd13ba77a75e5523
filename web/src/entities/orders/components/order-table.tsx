import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Order } from '@shared/contracts/orders';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date-time';
import { formatPrice, ORIGIN_LABELS, statusWithReason } from '../order-labels';

interface OrderColumn {
  header: string;
  cell: (order: Order) => string;
}

const COLUMNS: readonly OrderColumn[] = [
  { header: 'Time', cell: (order) => formatDateTime(order.create_time) },
  { header: 'Symbol', cell: (order) => order.trading_symbol },
  { header: 'Exchange', cell: (order) => order.exchange },
  { header: 'Side', cell: (order) => order.transaction_type },
  { header: 'Type', cell: (order) => order.order_type },
  { header: 'Product', cell: (order) => order.product },
  { header: 'Quantity', cell: (order) => String(order.quantity) },
  { header: 'Price', cell: (order) => formatPrice(order.price) },
  { header: 'Status', cell: (order) => statusWithReason(order) },
  { header: 'Origin', cell: (order) => ORIGIN_LABELS[order.origin] },
];

/** The link of an order's details page. */
export function orderDetailsHref(orderId: string): string {
  return `${paths.orderDetails}?${new URLSearchParams({ order_id: orderId }).toString()}`;
}

/** Orders newest first, times in Asia/Kolkata; a row (click or Enter) opens the order's details. */
export function OrderTable({ orders }: { orders: readonly Order[] }) {
  const navigate = useNavigate();
  const open = (order: Order) => void navigate(orderDetailsHref(order.order_id));
  const openByKey = (event: KeyboardEvent, order: Order) => {
    if (event.key === 'Enter') open(order);
  };

  return (
    <div className="orders-table">
      <Table size="small" variation="striped" highlightOnHover caption="Orders, times in Asia/Kolkata; choose one for its details">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell as="th" key={column.header} scope="col">
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow
              key={order.order_id}
              className="orders-table__row"
              tabIndex={0}
              aria-label={`Order ${order.trading_symbol} ${order.transaction_type} ${order.quantity}`}
              onClick={() => open(order)}
              onKeyDown={(event) => openByKey(event, order)}
            >
              {COLUMNS.map((column) => (
                <TableCell key={column.header}>{column.cell(order)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
