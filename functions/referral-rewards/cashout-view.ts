import { CASHOUT_STATUS_LABELS, type CashoutView } from '../../shared/contracts/referrals';
import type { StoredCashout } from '../data/referrals/referral-cashouts-repository';
import type { UserItem } from '../data/user-item';
import { getUser } from '../data/users-repository';

/** An account number as answers show it: every digit but the last 4 hidden. */
export function maskAccountNumber(accountNumber: string): string {
  return `${'X'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
}

export const nameOf = (user: Pick<UserItem, 'first_name' | 'last_name'> | null): string => (user ? `${user.first_name} ${user.last_name}`.trim() : '');

export function cashoutView(cashout: StoredCashout, userName: string): CashoutView {
  return {
    cashout_id: cashout.cashout_id,
    user_id: cashout.user_id,
    user_name: userName,
    choice: cashout.choice,
    amount_paise: cashout.amount_paise,
    status: cashout.status,
    status_text: CASHOUT_STATUS_LABELS[cashout.status],
    bank_account: cashout.bank_account ? { ...cashout.bank_account, account_number: maskAccountNumber(cashout.bank_account.account_number) } : null,
    reason: cashout.reason,
    created_at: cashout.createdAt,
    updated_at: cashout.updatedAt,
  };
}

/** Views of cash-outs of several users, each user's name read once. */
export async function cashoutViews(frchId: number, cashouts: readonly StoredCashout[]): Promise<CashoutView[]> {
  const ids = [...new Set(cashouts.map((cashout) => cashout.user_id))];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, nameOf(await getUser(frchId, id))] as const)));
  return cashouts.map((cashout) => cashoutView(cashout, names.get(cashout.user_id) ?? ''));
}
