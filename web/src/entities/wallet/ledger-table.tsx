import type { LedgerEntry } from '@shared/contracts/wallet';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { directionText, reasonText, referenceText } from './ledger-words';

const signed = (entry: LedgerEntry) => (entry.type === 'credit' ? `+${formatMoneyExact(entry.amount)}` : `-${formatMoneyExact(entry.amount)}`);

const COLUMNS: readonly TableColumn<LedgerEntry>[] = [
  { header: 'Date-time', key: 'time', card: 'lead', cell: (entry) => formatDateTime(entry.create_time) },
  { header: 'Reason', key: 'reason', card: 'title', cell: reasonText },
  { header: 'Type', key: 'type', priority: 'medium', cell: directionText },
  { header: 'Amount', key: 'amount', numeric: true, card: 'lead', cell: signed },
  { header: 'Balance after', key: 'balance', numeric: true, cell: (entry) => formatMoneyExact(entry.balance_after) },
  { header: 'Reference', key: 'reference', wrap: true, priority: 'low', cell: referenceText },
];

/** The wallet's movements, newest first; times in Asia/Kolkata. */
export function LedgerTable({ entries }: { entries: readonly LedgerEntry[] }) {
  return (
    <ColumnTable
      className="wallet-ledger-table"
      caption="Wallet ledger, times in Asia/Kolkata"
      highlightOnHover
      columns={COLUMNS}
      rows={entries}
      rowKey={(entry) => entry.id}
      rowName={(entry) => `${reasonText(entry)} ${signed(entry)} ${formatDateTime(entry.create_time)}`}
    />
  );
}
