import { PAYMENT_METHOD_LABELS, type FranchiseLedgerEntry, type FranchisePayment } from '@shared/contracts/franchise-money';
import { toCsv, type CsvColumn } from '@/lib/csv';
import { formatDateTime, stampedFileName } from '@/lib/format/date-time';
import { referenceText, userText } from './money-words';

const twoDecimals = (paise: number) => (paise / 100).toFixed(2);

const PAYMENT_COLUMNS: readonly CsvColumn<FranchisePayment>[] = [
  { header: 'Date-time', value: (row) => formatDateTime(row.created_at) },
  { header: 'User id', value: (row) => row.user.user_id },
  { header: 'Name', value: (row) => row.user.name },
  { header: 'Email', value: (row) => row.user.email },
  { header: 'Method', value: (row) => PAYMENT_METHOD_LABELS[row.method] },
  { header: 'Amount (₹)', value: (row) => twoDecimals(row.amount_paise) },
  { header: 'Status', value: (row) => row.status_text },
  { header: 'Reference', value: (row) => row.reference },
  { header: 'Credited / decided', value: (row) => (row.settled_at ? formatDateTime(row.settled_at) : '') },
  { header: 'Refunded (₹)', value: (row) => twoDecimals(row.refunded_paise) },
  { header: 'Reason', value: (row) => row.reason ?? '' },
];

const LEDGER_COLUMNS: readonly CsvColumn<FranchiseLedgerEntry>[] = [
  { header: 'Date-time', value: (entry) => formatDateTime(entry.create_time) },
  { header: 'User id', value: (entry) => entry.user.user_id },
  { header: 'User', value: (entry) => userText(entry.user) },
  { header: 'Type', value: (entry) => (entry.type === 'credit' ? 'Credit' : 'Debit') },
  { header: 'Amount (₹)', value: (entry) => twoDecimals(entry.amount_paise) },
  { header: 'Balance after (₹)', value: (entry) => twoDecimals(entry.balance_after_paise) },
  { header: 'Reason', value: (entry) => entry.reason_text },
  { header: 'Reference', value: referenceText },
  { header: 'Description', value: (entry) => entry.description },
];

/** The franchise's payments as CSV: times in Asia/Kolkata, exact rupees with two decimals. */
export const paymentsCsv = (rows: readonly FranchisePayment[]): string => toCsv(PAYMENT_COLUMNS, rows);
/** The franchise's wallet movements as CSV. */
export const franchiseLedgerCsv = (entries: readonly FranchiseLedgerEntry[]): string => toCsv(LEDGER_COLUMNS, entries);

/** `franchise-payments_2026-11-21_14-05-09.csv`, stamped with the Asia/Kolkata time of the export. */
export const paymentsCsvFileName = (now: Date = new Date()): string => stampedFileName('franchise-payments', 'csv', now);
/** `wallet-movements_2026-11-21_14-05-09.csv`. */
export const franchiseLedgerCsvFileName = (now: Date = new Date()): string => stampedFileName('wallet-movements', 'csv', now);
