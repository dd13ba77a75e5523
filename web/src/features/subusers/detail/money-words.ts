import type { SUB_USER_MONEY_SOURCES } from '@shared/contracts/subuser-views';

export type SubUserMoneySource = (typeof SUB_USER_MONEY_SOURCES)[number];
export type MoneyDirection = 'credit' | 'debit';

/** Where a credit comes from (and a debit goes to), in the words of the Credit / Debit dialog. */
export const SOURCE_LABELS: Readonly<Record<MoneyDirection, Readonly<Record<SubUserMoneySource, string>>>> = {
  credit: { parent_wallet: 'From my wallet', franchise: 'Grant without a wallet (franchise)' },
  debit: { parent_wallet: 'Back to my wallet', franchise: 'Withdraw without a wallet (franchise)' },
};

/** A fresh idempotency key for one opening of the dialog (the contract takes 8–64 letters, digits, _ or -). */
export function newTransferKey(): string {
  return `cd-${crypto.randomUUID()}`;
}
