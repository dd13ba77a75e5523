import type { FranchiseLedgerEntry } from '@shared/contracts/franchise-money';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { referenceText, userText } from '../money-words';

const COLUMNS: readonly TableColumn<FranchiseLedgerEntry>[] = [
  { header: 'Date-time', key: 'time', card: 'lead', cell: (entry) => formatDateTime(entry.create_time) },
  { header: 'User', key: 'user', card: 'title', wrap: true, cell: (entry) => userText(entry.user) },
  { header: 'Type', key: 'type', card: 'lead', cell: (entry) => (entry.type === 'credit' ? 'Credit' : 'Debit') },
  { header: 'Amount', key: 'amount', numeric: true, card: 'lead', cell: (entry) => `${entry.type === 'debit' ? '−' : '+'}${formatMoneyExact(entry.amount)}` },
  { header: 'Balance after', key: 'balance', numeric: true, priority: 'medium', cell: (entry) => formatMoneyExact(entry.balance_after) },
  { header: 'Reason', key: 'reason', cell: (entry) => entry.reason_text },
  { header: 'Reference', key: 'reference', wrap: true, priority: 'low', cell: referenceText },
  { header: 'Description', key: 'description', wrap: true, priority: 'low', cell: (entry) => entry.description },
];

/** Every wallet movement of the franchise's users, newest first. */
export function FranchiseLedgerTable({ entries }: { entries: readonly FranchiseLedgerEntry[] }) {
  return (
    <ColumnTable
      className="franchise-ledger-table"
      caption="Wallet movements of the franchise, times in Asia/Kolkata"
      columns={COLUMNS}
      rows={entries}
      rowKey={(entry) => entry.id}
      rowName={(entry) => `${userText(entry.user)} ${entry.type} ${formatMoneyExact(entry.amount)} ${entry.reason_text}`}
    />
  );
}
