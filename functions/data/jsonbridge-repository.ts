import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { signalTargetKindSchema, type SignalTargetKind } from '../../shared/contracts/signal-targets';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { jsonBridgeKeys, orderManagerKeys, userKeys } from './keys';
import { queryAllPages, setIfExists, tableName, transactIfConditionsHold } from './table';
import { TABLE_ITEMS, type ItemSource } from './item-source';

/**
 * JSON bridges (docs/data-model.md): the bridge item `JSONBRIDGE#<id>` in the owner's partition and
 * its webhook lookup `FR#<frch>#JSONBRIDGE#<id>` (owner + SHA-256 hash of the key, never the key),
 * written, re-keyed and deleted together in one transaction so the webhook never sees one without
 * the other. `og_id` names the connected order group (null while unconnected), and `target_kind` +
 * `target_id` the account or copy-trading group its signals trade on (ADR 0008), set and cleared with it.
 */
export interface JsonBridgeOwner {
  readonly frchId: number;
  readonly userId: number;
}

export const jsonBridgeItemSchema = z.object({
  json_bridge_id: z.string(),
  json_bridge_name: z.string(),
  og_id: z.string().nullable(),
  og_place_order: z.boolean(),
  /** Null while unconnected (and on bridges connected before targets existed: their signals are ignored until reconnected). */
  target_kind: signalTargetKindSchema.nullable().default(null),
  target_id: z.string().nullable().default(null),
  key_created_at: z.string(),
  /** Hex SHA-256 of the current webhook key, as in the lookup (written together); null on bridges made before it was kept here. */
  key_hash: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JsonBridgeItem = z.infer<typeof jsonBridgeItemSchema>;
export type JsonBridgeItemSettings = Partial<Pick<JsonBridgeItem, 'json_bridge_name' | 'og_place_order'>>;
/** Where a connected bridge's signals trade. */
export interface JsonBridgeTarget {
  readonly kind: SignalTargetKind;
  readonly id: string;
}

export const webhookLookupSchema = z.object({
  frch_id: z.number().int(),
  user_id: z.number().int(),
  json_bridge_id: z.string(),
  /** Hex SHA-256 of the webhook key. */
  key_hash: z.string(),
});
export type WebhookLookup = z.infer<typeof webhookLookupSchema>;

const bridgeKey = (owner: JsonBridgeOwner, id: string) => jsonBridgeKeys.item(owner.frchId, owner.userId, id);
const lookupKey = (owner: JsonBridgeOwner, id: string) => jsonBridgeKeys.webhookLookup(owner.frchId, id);


const lookupItem = (owner: JsonBridgeOwner, id: string, keyHash: string): Record<string, unknown> => ({
  ...lookupKey(owner, id),
  entity: 'json-bridge-webhook',
  ...({ frch_id: owner.frchId, user_id: owner.userId, json_bridge_id: id, key_hash: keyHash } satisfies WebhookLookup),
});

/** A new bridge, unconnected with place-order on (spec §4), and its webhook lookup. */
export async function createJsonBridge(owner: JsonBridgeOwner, id: string, name: string, keyHash: string, now = clockNow()): Promise<JsonBridgeItem> {
  const stamp = now.toISOString();
  const item: JsonBridgeItem = { json_bridge_id: id, json_bridge_name: name, og_id: null, og_place_order: true, target_kind: null, target_id: null, key_created_at: stamp, key_hash: keyHash, createdAt: stamp, updatedAt: stamp };
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...bridgeKey(owner, id), entity: 'json-bridge', ...item }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Put: { TableName: tableName(), Item: lookupItem(owner, id, keyHash), ConditionExpression: 'attribute_not_exists(PK)' } },
      ],
    }),
  );
  return item;
}

export async function getJsonBridge(owner: JsonBridgeOwner, id: string, items: ItemSource = TABLE_ITEMS): Promise<JsonBridgeItem | null> {
  const item = await items.get(bridgeKey(owner, id));
  return item ? jsonBridgeItemSchema.parse(item) : null;
}

/** The owner's bridges, oldest first (ULID ids sort by creation). */
export async function listJsonBridges(owner: JsonBridgeOwner): Promise<JsonBridgeItem[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKeys.partition(owner.frchId, owner.userId), ':prefix': jsonBridgeKeys.prefix },
    ConsistentRead: true,
  });
  return items.map((item) => jsonBridgeItemSchema.parse(item));
}

/** Sets plain fields of an existing bridge; null when it is gone. */
export async function updateJsonBridge(owner: JsonBridgeOwner, id: string, set: JsonBridgeItemSettings & Partial<Pick<JsonBridgeItem, 'og_id' | 'target_kind' | 'target_id'>>, now = clockNow()): Promise<JsonBridgeItem | null> {
  const updated = await setIfExists(bridgeKey(owner, id), set, now);
  return updated ? jsonBridgeItemSchema.parse(updated) : null;
}

/** Connects the bridge to an order group of the same owner and names its target, only while bridge and group still exist. */
export async function connectJsonBridge(owner: JsonBridgeOwner, id: string, ogId: string, target: JsonBridgeTarget, now = clockNow()): Promise<boolean> {
  return transactIfConditionsHold([
    { ConditionCheck: { TableName: tableName(), Key: orderManagerKeys.group(owner.frchId, owner.userId, ogId), ConditionExpression: 'attribute_exists(PK)' } },
    {
      Update: {
        TableName: tableName(),
        Key: bridgeKey(owner, id),
        UpdateExpression: 'SET og_id = :og, target_kind = :kind, target_id = :target, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':og': ogId, ':kind': target.kind, ':target': target.id, ':now': now.toISOString() },
      },
    },
  ]);
}

/** Replaces the key hash in the lookup and on the bridge, together: the old key stops matching at once. */
export async function rekeyJsonBridge(owner: JsonBridgeOwner, id: string, keyHash: string, now = clockNow()): Promise<boolean> {
  const stamp = now.toISOString();
  return transactIfConditionsHold([
    {
      Update: {
        TableName: tableName(),
        Key: bridgeKey(owner, id),
        UpdateExpression: 'SET key_created_at = :now, key_hash = :hash, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': stamp, ':hash': keyHash },
      },
    },
    { Put: { TableName: tableName(), Item: lookupItem(owner, id, keyHash), ConditionExpression: 'attribute_exists(PK)' } },
  ]);
}

/** Deletes the bridge and its webhook lookup; false when the bridge was already gone. */
export async function deleteJsonBridge(owner: JsonBridgeOwner, id: string): Promise<boolean> {
  return transactIfConditionsHold([
    { Delete: { TableName: tableName(), Key: bridgeKey(owner, id), ConditionExpression: 'attribute_exists(PK)' } },
    { Delete: { TableName: tableName(), Key: lookupKey(owner, id) } },
  ]);
}

/** The webhook's view of a bridge id in a franchise: its owner and key hash, or null. */
export async function getWebhookLookup(frchId: number, id: string): Promise<WebhookLookup | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: jsonBridgeKeys.webhookLookup(frchId, id), ConsistentRead: true }));
  return Item ? webhookLookupSchema.parse(Item) : null;
}
