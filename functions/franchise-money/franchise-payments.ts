import type { RequestOf } from '../../shared/contracts/define-call';
import { FRANCHISE_PAYMENT_STATUSES, type FranchisePayment, type franchiseMoneyContracts } from '../../shared/contracts/franchise-money';
import { listFranchiseBankTransfersBetween } from '../data/bank-transfers/franchise-transfers-reader';
import { listFranchisePaymentsBetween } from '../data/payments/franchise-payments-reader';
import { resolveMoneyRange } from './money-range';
import { userFilterOf, userNamer } from './money-users';
import { bankRow, phonePeRow } from './payment-rows';

export type FranchisePaymentsRequest = RequestOf<typeof franchiseMoneyContracts.getFranchisePayments>;

/** Count and amount per status (every status, in the vocabulary's order), the amount credited, over all rows given. */
export function paymentTotals(rows: readonly FranchisePayment[]) {
  const by_status = FRANCHISE_PAYMENT_STATUSES.map((status) => {
    const those = rows.filter((row) => row.status === status);
    return { status, count: those.length, amount_paise: those.reduce((sum, row) => sum + row.amount_paise, 0) };
  });
  return {
    count: rows.length,
    amount_paise: rows.reduce((sum, row) => sum + row.amount_paise, 0),
    credited_paise: by_status.find((total) => total.status === 'completed')?.amount_paise ?? 0,
    by_status,
  };
}

/**
 * Every payment of the franchise in the range — PhonePe payments and bank claims, both read whole
 * from their GSI2 listings (at most 93 days) — filtered, merged newest first, totalled over everything
 * that matches, then cut to the page.
 */
export async function listFranchisePayments(frchId: number, request: FranchisePaymentsRequest, now: Date) {
  const range = resolveMoneyRange(request, now);
  const userId = await userFilterOf(frchId, request);
  const [payments, transfers] = await Promise.all([
    request.method === 'BANK' ? [] : listFranchisePaymentsBetween(frchId, range),
    request.method === 'PHONEPE' ? [] : listFranchiseBankTransfersBetween(frchId, range),
  ]);
  const mine = <T extends { user_id: number }>(items: readonly T[]) => (userId === null ? items : items.filter((item) => item.user_id === userId));
  const unnamed = (id: number) => ({ user_id: id, name: '', email: '' });
  const rows = [...mine(payments).map((payment) => phonePeRow(payment, unnamed(payment.user_id))), ...mine(transfers).map((transfer) => bankRow(transfer, unnamed(transfer.user_id)))]
    .filter((row) => request.status === undefined || row.status === request.status)
    .sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at)));
  // Only the page's users are named: the totals need no names.
  const page = rows.slice(request.offset, request.offset + request.limit);
  const nameOf = await userNamer(frchId, page.map((row) => row.user.user_id));
  return {
    items: page.map((row) => ({ ...row, user: nameOf(row.user.user_id) })),
    total: rows.length,
    range: { from_date: range.fromDay, to_date: range.toDay },
    totals: paymentTotals(rows),
  };
}
