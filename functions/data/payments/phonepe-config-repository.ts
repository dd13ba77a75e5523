import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { PHONEPE_ENVIRONMENTS } from '../../../shared/contracts/phonepe-config';
import { dynamo } from '../../platform/clients';
import { sealedFieldsSchema } from '../../platform/secrets/sealed-secret';
import { isConditionFailure, tableName } from '../table';
import { paymentKeys } from './payment-keys';

/**
 * A franchise's PhonePe settings as stored: plain fields, and the client secret and webhook password
 * sealed (`sealed.client_secret`, `sealed.webhook_password`; each field under its own data key, so a
 * save that keeps one leaves its ciphertext as it was). `v` counts saves: a save is conditioned on the
 * version it read.
 */
export const phonePeConfigItemSchema = z.object({
  entity: z.literal('phonepe-config'),
  frch_id: z.number().int(),
  client_id: z.string(),
  client_version: z.number().int(),
  webhook_username: z.string(),
  environment: z.enum(PHONEPE_ENVIRONMENTS),
  enabled: z.boolean(),
  min_amount_paise: z.number().int().nullable(),
  max_amount_paise: z.number().int().nullable(),
  sealed: sealedFieldsSchema,
  v: z.number().int(),
  updated_by: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PhonePeConfigItem = z.infer<typeof phonePeConfigItemSchema>;

export async function getPhonePeConfigItem(frchId: number): Promise<PhonePeConfigItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: paymentKeys.phonePeConfig(frchId), ConsistentRead: true }));
  return Item ? phonePeConfigItemSchema.parse(Item) : null;
}

/** Writes the settings if they are still at the version read (`expectedV` 0: none stored yet); false otherwise. */
export async function putPhonePeConfigItem(item: PhonePeConfigItem, expectedV: number): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...paymentKeys.phonePeConfig(item.frch_id), ...item },
        ConditionExpression: expectedV === 0 ? 'attribute_not_exists(PK)' : 'v = :expected',
        ...(expectedV === 0 ? {} : { ExpressionAttributeValues: { ':expected': expectedV } }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
