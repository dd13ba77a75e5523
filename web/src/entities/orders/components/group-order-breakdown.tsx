import { Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LinkedOrder } from '@shared/contracts/orders';
import { formatDateTime } from '@/lib/format/date-time';
import type { AccountNamer } from '../account-names';
import { groupOrderSets, type GroupOrderSet } from '../group-order-sets';
import { quantityUnitOf, unitsWithLots } from '../lot-quantity';
import { formatPrice, STATUS_LABELS } from '../order-labels';
import { orderDetailsHref } from './order-table';

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

const COLUMNS = ['Account', 'Quantity', 'Filled', 'Avg price', 'Status', 'Order'] as const;

/** What a group order asked for: "BUY NIFTY…CE · LIMIT @ 12.05 · INTRADAY". */
function setSummary(first: LinkedOrder): string {
  const price = first.order_type === 'MARKET' ? '' : ` @ ${formatPrice(first.price)}`;
  return `${first.transaction_type} ${first.trading_symbol} · ${first.order_type}${price} · ${first.product}`;
}

function SetHeading({ set, groupName, actions, span }: { set: GroupOrderSet; groupName: string | null; actions: ReactNode; span: number }) {
  const [first] = set.orders;
  return (
    <TableRow className="group-order-breakdown__heading">
      <TableCell as="th" scope="rowgroup" colSpan={span}>
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
      </TableCell>
    </TableRow>
  );
}

/**
 * Group orders with each account's part: a heading per group order (what it asked for, when, which
 * group), then one row per account's order with its quantity, fill and status (the broker's reason under it).
 */
export function GroupOrderBreakdown({ orders, accountName, groupName, orderActions, setActions, caption }: GroupOrderBreakdownProps) {
  const columns = orderActions ? [...COLUMNS, 'Actions'] : COLUMNS;
  return (
    <div className="orders-table group-order-breakdown">
      <Table size="small" variation="bordered" caption={caption}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell as="th" key={column} scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {groupOrderSets(orders).map((set) => (
          <TableBody key={set.key} aria-label={`Group order ${setSummary(set.orders[0])}`}>
            <SetHeading set={set} groupName={groupName && set.orders[0].grp_id ? groupName(set.orders[0].grp_id) : null} actions={setActions?.(set)} span={columns.length} />
            {set.orders.map((order) => (
              <ChildRow key={order.order_id} order={order} name={accountName(order)} actions={orderActions ? <>{orderActions(order)}</> : null} />
            ))}
          </TableBody>
        ))}
      </Table>
    </div>
  );
}

/** One account's order of the group order; `actions` null when the list has no actions column. */
function ChildRow({ order, name, actions }: { order: LinkedOrder; name: string; actions: ReactNode }) {
  const quantity = unitsWithLots(order.quantity, quantityUnitOf(order));
  return (
    <TableRow aria-label={`${name} ${order.transaction_type} ${order.quantity} ${order.trading_symbol} ${STATUS_LABELS[order.status]}`} data-status={order.status}>
      <TableCell>
        <Text as="span" display="block">
          {name}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {order.grp_broker_id === null ? 'Master' : 'Child'}
        </Text>
      </TableCell>
      <TableCell data-testid="child-quantity">{quantity}</TableCell>
      <TableCell>{order.filled_quantity}</TableCell>
      <TableCell>{formatPrice(order.average_price)}</TableCell>
      <TableCell>
        <span className={`order-status order-status--${order.status}`}>{STATUS_LABELS[order.status]}</span>
        {order.reason ? (
          <Text as="span" variation="secondary" fontSize="small" display="block" className="group-order-breakdown__reason">
            {order.reason}
          </Text>
        ) : null}
      </TableCell>
      <TableCell>
        <Link to={orderDetailsHref(order.order_id)}>Details</Link>
      </TableCell>
      {actions === null ? null : <TableCell>{actions}</TableCell>}
    </TableRow>
  );
}
