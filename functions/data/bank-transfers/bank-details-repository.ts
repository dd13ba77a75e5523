import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { bankDetailsSchema } from '../../../shared/contracts/bank-transfers';
import { dynamo } from '../../platform/clients';
import { tableName } from '../table';
import { bankTransferKeys } from './bank-transfer-keys';

/** The account as stored: the answer's fields (one source of truth), who saved it and when. */
export const storedBankDetailsSchema = bankDetailsSchema
  .pick({ account_name: true, account_number: true, ifsc: true, bank_name: true, branch: true, upi_id: true })
  .extend({ updated_by: z.number().int(), updatedAt: z.string() });
export type StoredBankDetails = z.infer<typeof storedBankDetailsSchema>;

/** The franchise's receiving account, or null before the broker panel saves one. */
export async function getBankDetails(frchId: number): Promise<StoredBankDetails | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: bankTransferKeys.bankDetails(frchId), ConsistentRead: true }));
  return Item ? storedBankDetailsSchema.parse(Item) : null;
}

/** Saves (replaces) the franchise's receiving account. */
export async function putBankDetails(frchId: number, details: Omit<StoredBankDetails, 'updatedAt'>, now: Date): Promise<StoredBankDetails> {
  const stored: StoredBankDetails = { ...details, updatedAt: now.toISOString() };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...bankTransferKeys.bankDetails(frchId), entity: 'bank-details', ...stored } }));
  return stored;
}
