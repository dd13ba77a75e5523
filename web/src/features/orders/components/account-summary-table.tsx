import type { LinkedOrder } from '@shared/contracts/orders';
import { ORDER_STATUSES } from '@shared/domain/states';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import type { AccountNamer } from '@/entities/orders/account-names';
import { STATUS_LABELS } from '@/entities/orders/order-labels';
import { accountSummaries, type AccountSummary } from '../group-account-summary';

const COLUMNS: readonly TableColumn<AccountSummary, AccountNamer>[] = [
  {
    header: 'Account',
    key: 'account',
    card: 'title',
    wrap: true,
    cell: (summary, accountName) => `${accountName(summary.order)}${summary.order.grp_broker_id === null ? ' · Master' : ''}`,
  },
  { header: 'Orders', key: 'orders', numeric: true, card: 'lead', cell: (summary) => String(summary.orders) },
  { header: 'Quantity', key: 'quantity', numeric: true, card: 'lead', cell: (summary) => String(summary.quantity) },
  ...ORDER_STATUSES.map(
    (status): TableColumn<AccountSummary, AccountNamer> => ({
      header: STATUS_LABELS[status],
      key: status,
      numeric: true,
      cell: (summary) => String(summary.quantityByStatus[status]),
    }),
  ),
];

/** One group's orders per account: orders placed and their quantity in units, in total and by status. */
export function AccountSummaryTable({ orders, accountName }: { orders: readonly LinkedOrder[]; accountName: AccountNamer }) {
  return (
    <ColumnTable
      className="orders-table"
      caption="Per account: orders and quantities in units by status"
      columns={COLUMNS}
      rows={accountSummaries(orders)}
      rowKey={(summary) => summary.order.broker_id}
      rowName={(summary) => accountName(summary.order)}
      tools={accountName}
    />
  );
}
