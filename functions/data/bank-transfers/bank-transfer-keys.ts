import { userKeys, type ItemKey } from '../keys';

/** Whose claim: a user of a franchise. */
export interface TransferOwner {
  readonly frchId: number;
  readonly userId: number;
}

/**
 * Bank transfers (issue 17):
 * - the franchise's receiving account `FR#<frch>` / `PAYCONFIG#BANK`;
 * - a claim `BANKXFER#<ulid>` in the owner's partition (ULIDs sort by time: newest first is a descending
 *   begins_with); always GSI2 `FR#<frch>#BANKXFERS` / `<created ISO>#<id>` (the franchise's claims for the
 *   broker panel, a date range is a BETWEEN);
 * - the claim's lookup `FR#<frch>#BANKXFER#<id>` / `LOOKUP` (the broker panel names a claim by id alone);
 * - the UTR's claim `FR#<frch>#BANKUTR#<UTR>` / `CLAIM`: put with `attribute_not_exists`, so a UTR is claimed
 *   once per franchise. The three are written in one transaction.
 */
export const bankTransferKeys = {
  bankDetails: (frchId: number): ItemKey => ({ PK: `FR#${frchId}`, SK: 'PAYCONFIG#BANK' }),
  item: (owner: TransferOwner, transferId: string): ItemKey => ({ PK: userKeys.partition(owner.frchId, owner.userId), SK: `BANKXFER#${transferId}` }),
  partition: (owner: TransferOwner) => userKeys.partition(owner.frchId, owner.userId),
  prefix: 'BANKXFER#',
  /** The start of every user partition of the franchise (a listing cursor must point into one). */
  franchiseUsersPrefix: (frchId: number) => `${userKeys.partition(frchId, 0).slice(0, -1)}`,
  lookup: (frchId: number, transferId: string): ItemKey => ({ PK: `FR#${frchId}#BANKXFER#${transferId}`, SK: 'LOOKUP' }),
  utrClaim: (frchId: number, utr: string): ItemKey => ({ PK: `FR#${frchId}#BANKUTR#${utr}`, SK: 'CLAIM' }),
  franchisePartition: (frchId: number) => `FR#${frchId}#BANKXFERS`,
  franchiseListing: (frchId: number, createdIso: string, transferId: string) => ({ GSI2PK: bankTransferKeys.franchisePartition(frchId), GSI2SK: `${createdIso}#${transferId}` }),
};
