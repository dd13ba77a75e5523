import * as z from 'zod';
import type { TimeRange } from '../activities-repository';
import { queryAllPages } from '../table';
import { parseLedgerEntry, type StoredLedgerEntry } from './ledger-repository';
import { walletKeys } from './wallet-keys';

/** A ledger entry of the franchise's listing, with whose wallet it is. */
export interface FranchiseLedgerItem extends StoredLedgerEntry {
  readonly userId: number;
}

const ownerSchema = z.object({ user_id: z.number().int() });

/**
 * Every wallet movement of the franchise between two instants (inclusive), newest first, from the
 * ledger entries' sparse GSI2 entry (data/wallet/wallet-keys.ts). Entries written before that entry was
 * added are not in it. An index read: a movement of the last moment may show a little late.
 */
export async function listFranchiseLedgerBetween(frchId: number, range: TimeRange): Promise<FranchiseLedgerItem[]> {
  const items = await queryAllPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': walletKeys.franchiseLedgerPartition(frchId), ':from': range.fromIso, ':to': `${range.toIso}~` },
    ScanIndexForward: false,
  });
  return items.map((item) => ({ ...parseLedgerEntry(item), userId: ownerSchema.parse(item).user_id }));
}
