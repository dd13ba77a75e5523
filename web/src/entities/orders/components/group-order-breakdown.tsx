import { Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LinkedOrder } from '@shared/contracts/orders';
import { ColumnCards } from '@/components/column-cards';
import type { TableColumn } from '@/components/column-table';
import { ColumnBodyRow, ColumnHeaderRow } from '@/components/column-table-rows';
import { usePhoneLayout } from '@/components/use-phone-layout';
import { formatDateTime } from '@/lib/format/date-time';
import type { AccountNamer } from '../account-names';
import { groupOrderSets, type GroupOrderSet } from '../group-order-sets';
import { quantityUnitOf, unitsWithLots } from '../lot-quantity';
import { formatPrice, STATUS_LABELS } from '../order-labels';
import { orderDetailsHref } from './order-table';
import { OrderStatusText } from './order-status-text';
import '@/components/column-table.css';

export interface GroupOrderBreakdownProps {
  orders: readonly LinkedOrder[];
  /** How an order's account is named (its combined name where known). */
  accountName: AccountNamer;
  /** Set when the list spans groups: each group order then names its group. */
  groupName?: ((grpId: string) => string) | undefined;
  /** Buttons for one order (pending orders' modify, cancel…), in the last column. */
  orderActions?: ((order: LinkedOrder) => ReactNode) | undefined;
  /** Buttons for a whole group order, beside its heading. */
  setActions?: ((set: GroupOrderSet) => ReactNode) | undefined;
  caption: string;
}

/** What every row's cells borrow from the list's owner. */
interface RowTools {
  accountName: AccountNamer;
  orderActions: ((order: LinkedOrder) => ReactNode) | undefined;
}

const COLUMNS: readonly TableColumn<LinkedOrder, RowTools>[] = [
  {
    header: 'Account',
    key: 'account',
    card: 'title',
    cell: (order, tools) => (
      <>
        <Text as="span" display="block">
          {tools.accountName(order)}
        </Text>
        <Text as="span" variation="secondary" fontSize="small" fontWeight="normal">
          {order.grp_broker_id === null ? 'Master' : 'Child'}
        </Text>
      </>
    ),
  },
  {
    header: 'Quantity',
    key: 'quantity',
    numeric: true,
    card: 'lead',
    cell: (order) => <span data-testid="child-quantity">{unitsWithLots(order.quantity, quantityUnitOf(order))}</span>,
  },
  { header: 'Filled', key: 'filled', numeric: true, card: 'lead', cell: (order) => String(order.filled_quantity) },
  // The limit price is in the group order's heading; a row adds what its own fill got.
  { header: 'Avg price', key: 'average', numeric: true, card: 'lead', cell: (order) => formatPrice(order.average_price) },
  { header: 'Status', key: 'status', wrap: true, card: 'lead', cell: (order) => <OrderStatusText order={order} /> },
  { header: 'Order', key: 'order', card: 'actions', cell: (order) => <Link to={orderDetailsHref(order.order_id)}>Details</Link> },
];

const ACTIONS_COLUMN: TableColumn<LinkedOrder, RowTools> = { header: 'Actions', key: 'actions', card: 'actions', cell: (order, tools) => tools.orderActions?.(order) };

/** What a group order asked for: "BUY NIFTY…CE · LIMIT @ 12.05 · INTRADAY". */
function setSummary(first: LinkedOrder): string {
  const price = first.order_type === 'MARKET' ? '' : ` @ ${formatPrice(first.price)}`;
  return `${first.transaction_type} ${first.trading_symbol} · ${first.order_type}${price} · ${first.product}`;
}

/** A group order's heading: what it asked for, when, on which group and how many accounts; its buttons beside. */
function SetSummary({ set, groupName, actions }: { set: GroupOrderSet; groupName: string | null; actions: ReactNode }) {
  const [first] = set.orders;
  return (
    <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap" className="group-order-breakdown__heading-content">
      <Flex direction="column" gap="0">
        <Text as="span" fontWeight="semibold">
          {set.groupOrderId === null ? 'Square-off · ' : ''}
          {setSummary(first)}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {formatDateTime(first.create_time)}
          {groupName ? ` · ${groupName}` : ''} · {set.orders.length} {set.orders.length === 1 ? 'account' : 'accounts'}
        </Text>
      </Flex>
      {actions}
    </Flex>
  );
}

const rowKey = (order: LinkedOrder) => order.order_id;
const rowAttributes = (order: LinkedOrder) => ({ 'data-status': order.status });

/**
 * Group orders with each account's part: a heading per group order (what it asked for, when, which
 * group), then one row per account's order with its quantity, fill and status (the broker's reason
 * under it). On a phone each group order is a heading over one card per account.
 */
export function GroupOrderBreakdown({ orders, accountName, groupName, orderActions, setActions, caption }: GroupOrderBreakdownProps) {
  const isPhone = usePhoneLayout();
  const columns = orderActions ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS;
  const tools: RowTools = { accountName, orderActions };
  const rowName = (order: LinkedOrder) => `${accountName(order)} ${order.transaction_type} ${order.quantity} ${order.trading_symbol} ${STATUS_LABELS[order.status]}`;
  const sets = groupOrderSets(orders);
  const groupOf = (set: GroupOrderSet) => (groupName && set.orders[0].grp_id ? groupName(set.orders[0].grp_id) : null);
  if (isPhone) {
    return (
      <div className="orders-table group-order-breakdown">
        <Text variation="secondary" fontSize="small">
          {caption}
        </Text>
        {sets.map((set) => (
          <section key={set.key} className="group-order-breakdown__set" aria-label={`Group order ${setSummary(set.orders[0])}`}>
            <SetSummary set={set} groupName={groupOf(set)} actions={setActions?.(set)} />
            <ColumnCards label={`Accounts of ${setSummary(set.orders[0])}`} caption={null} columns={columns} rows={set.orders} tools={tools} rowKey={rowKey} rowName={rowName} rowAttributes={rowAttributes} />
          </section>
        ))}
      </div>
    );
  }
  return (
    <div className="column-table orders-table group-order-breakdown">
      <Table size="small" variation="bordered" caption={caption}>
        <TableHead>
          <ColumnHeaderRow columns={columns} />
        </TableHead>
        {sets.map((set) => (
          <TableBody key={set.key} aria-label={`Group order ${setSummary(set.orders[0])}`}>
            <TableRow className="group-order-breakdown__heading">
              <TableCell as="th" scope="rowgroup" colSpan={columns.length}>
                <SetSummary set={set} groupName={groupOf(set)} actions={setActions?.(set)} />
              </TableCell>
            </TableRow>
            {set.orders.map((order) => (
              <ColumnBodyRow key={order.order_id} row={order} columns={columns} tools={tools} rowKey={rowKey} rowName={rowName} rowAttributes={rowAttributes} />
            ))}
          </TableBody>
        ))}
      </Table>
    </div>
  );
}
