import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS, DEFAULT_SIGNAL_VALIDITY_SECONDS } from '../../shared/contracts/bridge-security';
import { sealedFieldsSchema } from '../platform/secrets/sealed-secret';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import type { BridgeKind } from './signals-repository';
import { userKeys, type ItemKey } from './keys';
import { tableName } from './table';
import { TABLE_ITEMS, type ItemSource } from './item-source';

/**
 * A bridge's optional webhook sender checks (docs/data-model.md): one item per bridge in the owner's
 * partition, `BRIDGESEC#<bridge id>` (JSON and custom bridge ids are both ULIDs: they never collide).
 * No item means no checks and the default validity and retry windows. The signing secret is stored sealed, bound to the owner and the bridge.
 */
export const bridgeSecurityKeys = {
  item: (frchId: number, userId: number, bridgeId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `BRIDGESEC#${bridgeId}` }),
};

export const bridgeSecurityItemSchema = z.object({
  bridge_id: z.string(),
  bridge_kind: z.enum(['json', 'custom']),
  sealed_secret: sealedFieldsSchema.nullable(),
  secret_created_at: z.string().nullable(),
  allowed_ips: z.array(z.string()),
  signal_validity_seconds: z.number().int().default(DEFAULT_SIGNAL_VALIDITY_SECONDS),
  retry_window_seconds: z.number().int().default(DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS),
  updatedAt: z.string(),
});
export type BridgeSecurityItem = z.infer<typeof bridgeSecurityItemSchema>;

export interface BridgeSecurityOwner {
  readonly frchId: number;
  readonly userId: number;
}

export async function getBridgeSecurity(owner: BridgeSecurityOwner, bridgeId: string, items: ItemSource = TABLE_ITEMS): Promise<BridgeSecurityItem | null> {
  const item = await items.get(bridgeSecurityKeys.item(owner.frchId, owner.userId, bridgeId));
  return item ? bridgeSecurityItemSchema.parse(item) : null;
}

export async function putBridgeSecurity(owner: BridgeSecurityOwner, item: Omit<BridgeSecurityItem, 'updatedAt'> & { bridge_kind: BridgeKind }, now = clockNow()): Promise<BridgeSecurityItem> {
  const stored: BridgeSecurityItem = { ...item, updatedAt: now.toISOString() };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...bridgeSecurityKeys.item(owner.frchId, owner.userId, item.bridge_id), entity: 'bridge-security', ...stored, createdAt: stored.updatedAt },
    }),
  );
  return stored;
}

/** Deleting a bridge deletes its checks (a later bridge never inherits them: ids are never reused). */
export async function deleteBridgeSecurity(owner: BridgeSecurityOwner, bridgeId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: bridgeSecurityKeys.item(owner.frchId, owner.userId, bridgeId) }));
}
