import type { BankTransferState } from '@shared/contracts/bank-transfers';
import type { PayloadDateRange } from '@/lib/format/calendar-date';

/** The claims listed: a state (or every state) and a date range of Asia/Kolkata days. */
export type TransferFilters = PayloadDateRange & {
  state: BankTransferState | 'all';
};

/** The request's filter fields: no state field for every state. */
export function transferRequestOf(filters: TransferFilters) {
  return { from_date: filters.from_date, to_date: filters.to_date, ...(filters.state === 'all' ? {} : { state: filters.state }) };
}
