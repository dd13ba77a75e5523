import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { LinkedOrder } from '@shared/contracts/orders';
import { ORDER_STATUSES } from '@shared/domain/states';
import type { AccountNamer } from '@/entities/orders/account-names';
import { STATUS_LABELS } from '@/entities/orders/order-labels';
import { accountSummaries } from '../group-account-summary';

/** One group's orders per account: orders placed and their quantity in units, in total and by status. */
export function AccountSummaryTable({ orders, accountName }: { orders: readonly LinkedOrder[]; accountName: AccountNamer }) {
  return (
    <div className="orders-table">
      <Table size="small" variation="striped" caption="Per account: orders and quantities in units by status">
        <TableHead>
          <TableRow>
            {['Account', 'Orders', 'Quantity', ...ORDER_STATUSES.map((status) => STATUS_LABELS[status])].map((header) => (
              <TableCell as="th" key={header} scope="col">
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {accountSummaries(orders).map((summary) => (
            <TableRow key={summary.order.broker_id} aria-label={accountName(summary.order)}>
              <TableCell>
                {accountName(summary.order)}
                {summary.order.grp_broker_id === null ? ' · Master' : ''}
              </TableCell>
              <TableCell>{summary.orders}</TableCell>
              <TableCell>{summary.quantity}</TableCell>
              {ORDER_STATUSES.map((status) => (
                <TableCell key={status}>{summary.quantityByStatus[status]}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
