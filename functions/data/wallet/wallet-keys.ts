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
 * Ledger entries also carry a sparse GSI2 entry `FR#<frch>#LEDGER` / `<ISO time>#<entry id>`: every
 * movement of the franchise by time, for the broker panel's Transaction page. Entries written before it
 * was added have none, so they are not in that listing (each user's own ledger still shows them).
 */
export const walletKeys = {
  balance: (owner: WalletOwner): ItemKey => userKeys.profile(owner.frchId, owner.userId),
  ledgerEntry: (owner: WalletOwner, atIso: string, entryId: string): ItemKey => ledgerKeys.item(owner.frchId, owner.userId, atIso, entryId),
  ledgerPartition: (owner: WalletOwner) => userKeys.partition(owner.frchId, owner.userId),
  ledgerPrefix: ledgerKeys.prefix,
  franchiseLedgerPartition: (frchId: number) => `FR#${frchId}#LEDGER`,
  franchiseLedgerEntry: (owner: WalletOwner, atIso: string, entryId: string) => ({ GSI2PK: walletKeys.franchiseLedgerPartition(owner.frchId), GSI2SK: `${atIso}#${entryId}` }),
  idempotency: (owner: WalletOwner, key: string): ItemKey => ({ PK: userKeys.partition(owner.frchId, owner.userId), SK: `IDEMP#${key}` }),
};
