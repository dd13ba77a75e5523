import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { franchiseKeys } from './keys';
import { isConditionFailure, nowIso, tableName } from './table';

export const franchiseItemSchema = z.object({
  entity: z.literal('franchise'),
  frch_id: z.number().int().positive(),
  name: z.string(),
  createdAt: z.string(),
});
export type FranchiseItem = z.infer<typeof franchiseItemSchema>;

export async function getFranchise(frchId: number): Promise<FranchiseItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: franchiseKeys.item(frchId) }));
  return Item ? franchiseItemSchema.parse(Item) : null;
}

/** Creates the franchise unless it exists; answers whether this call created it. */
export async function createFranchiseIfMissing(frchId: number, name: string, now = clockNow()): Promise<boolean> {
  const item: FranchiseItem = { entity: 'franchise', frch_id: frchId, name, createdAt: nowIso(now) };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...franchiseKeys.item(frchId), ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
