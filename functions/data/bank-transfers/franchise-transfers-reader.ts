import type { TimeRange } from '../activities-repository';
import { queryAllPages } from '../table';
import { bankTransferKeys } from './bank-transfer-keys';
import { parseStoredBankTransfer, type StoredBankTransfer } from './stored-bank-transfer';

/** Every bank transfer claim of the franchise created between two instants (inclusive), newest first (GSI2 `FR#<frch>#BANKXFERS`). */
export async function listFranchiseBankTransfersBetween(frchId: number, range: TimeRange): Promise<StoredBankTransfer[]> {
  const items = await queryAllPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': bankTransferKeys.franchisePartition(frchId), ':from': range.fromIso, ':to': `${range.toIso}~` },
    ScanIndexForward: false,
  });
  return items.map(parseStoredBankTransfer);
}
