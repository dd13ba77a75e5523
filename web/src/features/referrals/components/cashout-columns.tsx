import type { CashoutView } from '@shared/contracts/referrals';
import { CASHOUT_CHOICE_LABELS } from '@shared/contracts/referrals';
import type { TableColumn } from '@/components/column-table';
import { formatDateTime } from '@/lib/format/date-time';
import { paiseText } from '../money-text';

/** Where a cash-out goes, in words: the wallet, or the (masked) bank account. */
export function destinationText(cashout: CashoutView): string {
  if (!cashout.bank_account) return CASHOUT_CHOICE_LABELS[cashout.choice];
  return `${cashout.bank_account.holder_name}, ${cashout.bank_account.account_number}, ${cashout.bank_account.ifsc}`;
}

/** The state with the broker's reason when it was rejected. */
export const statusText = (cashout: CashoutView): string => (cashout.reason ? `${cashout.status_text}: ${cashout.reason}` : cashout.status_text);

/** Columns every cash-out table shows. */
export const CASHOUT_COLUMNS: readonly TableColumn<CashoutView>[] = [
  { header: 'Requested', key: 'time', card: 'lead', cell: (cashout) => formatDateTime(cashout.created_at) },
  { header: 'Amount', key: 'amount', numeric: true, card: 'lead', cell: (cashout) => paiseText(cashout.amount_paise) },
  { header: 'To', key: 'to', wrap: true, cell: destinationText },
  { header: 'State', key: 'state', card: 'title', wrap: true, cell: statusText },
];
