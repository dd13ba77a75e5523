import type { BankTransferView } from '@shared/contracts/bank-transfers';
import { toCsv, type CsvColumn } from '@/lib/csv';
import { formatDateTime, stampedFileName } from '@/lib/format/date-time';

const COLUMNS: readonly CsvColumn<BankTransferView>[] = [
  { header: 'Date-time', value: (transfer) => formatDateTime(transfer.created_at) },
  { header: 'User id', value: (transfer) => transfer.user_id },
  { header: 'UTR', value: (transfer) => transfer.utr },
  { header: 'Amount (₹)', value: (transfer) => (transfer.amount_paise / 100).toFixed(2) },
  { header: 'State', value: (transfer) => transfer.state_text },
  { header: 'Decided', value: (transfer) => (transfer.decided_at ? formatDateTime(transfer.decided_at) : '') },
  { header: 'Reason', value: (transfer) => transfer.reject_reason ?? '' },
  { header: 'Note', value: (transfer) => transfer.note },
];

/** The claims as CSV, times in Asia/Kolkata. */
export function transfersCsv(transfers: readonly BankTransferView[]): string {
  return toCsv(COLUMNS, transfers);
}

/** `bank-transfers_2026-11-21_14-05-09.csv`, stamped with the Asia/Kolkata time of the export. */
export function transfersCsvFileName(now: Date = new Date()): string {
  return stampedFileName('bank-transfers', 'csv', now);
}

/** The total of the listed claims, in paise. */
export const totalPaise = (transfers: readonly BankTransferView[]): number => transfers.reduce((sum, transfer) => sum + transfer.amount_paise, 0);
