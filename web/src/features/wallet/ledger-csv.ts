import type { LedgerEntry } from '@shared/contracts/wallet';
import { toCsv, type CsvColumn } from '@/lib/csv';
import { formatDateTime, stampedFileName } from '@/lib/format/date-time';
import { directionText, reasonText, referenceText } from '@/entities/wallet/ledger-words';

const twoDecimals = (paise: number) => (paise / 100).toFixed(2);

const LEDGER_COLUMNS: readonly CsvColumn<LedgerEntry>[] = [
  { header: 'Date-time', value: (entry) => formatDateTime(entry.create_time) },
  { header: 'Type', value: directionText },
  { header: 'Amount (₹)', value: (entry) => twoDecimals(entry.amount_paise) },
  { header: 'Balance after (₹)', value: (entry) => twoDecimals(entry.balance_after_paise) },
  { header: 'Reason', value: reasonText },
  { header: 'Reference', value: referenceText },
  { header: 'Description', value: (entry) => entry.description },
];

/** The ledger as CSV: times in Asia/Kolkata, exact rupees with two decimals. */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  return toCsv(LEDGER_COLUMNS, entries);
}

/** `wallet-ledger_2026-11-21_14-05-09.csv`, stamped with the Asia/Kolkata time of the export. */
export function ledgerCsvFileName(now: Date = new Date()): string {
  return stampedFileName('wallet-ledger', 'csv', now);
}
