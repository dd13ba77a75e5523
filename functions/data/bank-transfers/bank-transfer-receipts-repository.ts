import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients';
import { isConditionFailure, tableName } from '../table';
import { bankTransferKeys, type TransferOwner } from './bank-transfer-keys';
import { parseStoredBankTransfer, type StoredBankTransfer, type StoredReceipt } from './stored-bank-transfer';

/**
 * Records the receipt on the owner's claim while it is still pending. Answers the claim as written and
 * the receipt it replaced (whose file the caller deletes), or `not-pending` when the claim is missing
 * or was decided meanwhile (nothing written).
 */
export async function attachReceipt(
  owner: TransferOwner,
  transferId: string,
  receipt: StoredReceipt,
  now: Date,
): Promise<{ kind: 'attached'; transfer: StoredBankTransfer; replaced: StoredReceipt | null } | { kind: 'not-pending' }> {
  let before: Record<string, unknown> | undefined;
  try {
    ({ Attributes: before } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bankTransferKeys.item(owner, transferId),
        UpdateExpression: 'SET receipt = :receipt, updatedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND #state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':receipt': receipt, ':pending': 'pending', ':at': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    ));
  } catch (error) {
    if (isConditionFailure(error)) return { kind: 'not-pending' };
    throw error;
  }
  const previous = parseStoredBankTransfer(before ?? {});
  return { kind: 'attached', transfer: { ...previous, receipt, updatedAt: now.toISOString() }, replaced: previous.receipt };
}
