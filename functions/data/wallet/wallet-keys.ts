import { ledgerKeys, userKeys, type ItemKey } from '../keys';

/** Whose wallet: a user of a franchise (the verified caller, or the user a payment belongs to). */
export interface WalletOwner {
  readonly frchId: number;
  readonly userId: number;
}

/**
 * Where the wallet's items live, all in the owner's partition:
 * - the balance: attributes of the user item (`PROFILE`), the one place the balance is kept;
 * - ledger entries: `LEDGER#<ISO time>#<entry id>` (a date range is a BETWEEN on the times);
 * - idempotency records: `IDEMP#<key>`, the key named by the caller (`<operation>#<its own key>`).
 */
export const walletKeys = {
  balance: (owner: WalletOwner): ItemKey => userKeys.profile(owner.frchId, owner.userId),
  ledgerEntry: (owner: WalletOwner, atIso: string, entryId: string): ItemKey => ledgerKeys.item(owner.frchId, owner.userId, atIso, entryId),
  ledgerPartition: (owner: WalletOwner) => userKeys.partition(owner.frchId, owner.userId),
  ledgerPrefix: ledgerKeys.prefix,
  idempotency: (owner: WalletOwner, key: string): ItemKey => ({ PK: userKeys.partition(owner.frchId, owner.userId), SK: `IDEMP#${key}` }),
};
