import type { ReactNode } from 'react';
import { PAYMENT_METHOD_LABELS, type FranchisePayment } from '@shared/contracts/franchise-money';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { paiseText, userText } from '../money-words';

const COLUMNS: readonly TableColumn<FranchisePayment>[] = [
  { header: 'Date-time', key: 'time', card: 'lead', cell: (row) => formatDateTime(row.created_at) },
  { header: 'User', key: 'user', card: 'title', wrap: true, cell: (row) => userText(row.user) },
  { header: 'Method', key: 'method', cell: (row) => PAYMENT_METHOD_LABELS[row.method] },
  { header: 'Amount', key: 'amount', numeric: true, card: 'lead', cell: (row) => formatMoneyExact(row.amount) },
  { header: 'Status', key: 'status', card: 'lead', cell: (row) => row.status_text },
  { header: 'Reference', key: 'reference', priority: 'medium', cell: (row) => row.reference },
  { header: 'Credited / decided', key: 'settled', priority: 'low', cell: (row) => (row.settled_at ? formatDateTime(row.settled_at) : '') },
  { header: 'Refunded', key: 'refunded', numeric: true, priority: 'low', cell: (row) => (row.refunded_paise > 0 ? paiseText(row.refunded_paise) : '') },
  { header: 'Reason', key: 'reason', wrap: true, priority: 'low', cell: (row) => row.reason ?? '' },
];

interface FranchisePaymentsTableProps {
  rows: readonly FranchisePayment[];
  /** When given, an Actions column with what this returns for each row (e.g. a Refund button). */
  actions?: ((row: FranchisePayment) => ReactNode) | undefined;
}

/** Every payment of the franchise (PhonePe and bank transfers), newest first. */
export function FranchisePaymentsTable({ rows, actions }: FranchisePaymentsTableProps) {
  const columns: readonly TableColumn<FranchisePayment>[] = actions ? [...COLUMNS, { header: 'Actions', key: 'actions', card: 'actions', cell: (row) => actions(row) }] : COLUMNS;
  return (
    <ColumnTable
      className="franchise-payments-table"
      caption="Payments of the franchise, times in Asia/Kolkata"
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.method}-${row.id}`}
      rowName={(row) => `${PAYMENT_METHOD_LABELS[row.method]} ${row.reference} ${formatMoneyExact(row.amount)} ${row.status_text}`}
    />
  );
}
