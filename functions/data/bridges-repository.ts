import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { DEFAULT_SCRIPT_SOURCE, TRIGGER_DIRECTIONS, triggerFieldsObject, type TriggerDirectionName, type TriggerFields } from '../../shared/contracts/bridge';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { customBridgeKeys, orderManagerKeys, userKeys } from './keys';
import type { OrderGroupItem } from './ordermanager/order-group';
import { queryAllPages, setIfExists, tableName, transactIfConditionsHold } from './table';
import { TABLE_ITEMS, type ItemSource } from './item-source';

/**
 * Custom bridges (docs/data-model.md, ADR 0008): the bridge item `BRIDGE#<id>`, its triggers
 * `BRIDGETRIGGER#<bridge>#<trigger>` and its webhook lookup `FR#<frch>#BRIDGEKEY#<sha-256 of key>`
 * (owner and bridge, never the key). The bridge owns an order-manager order group, created in the
 * bridge's transaction and deleted in it.
 *
 * `trigger_counts` on the bridge holds each direction's trigger count; every write that adds, deletes or
 * renumbers triggers is conditional on the count it read (and each renumbered trigger on the priority it
 * read), so concurrent edits cannot leave two triggers with one priority or a gap: one of them retries.
 */
export interface BridgeOwner {
  readonly frchId: number;
  readonly userId: number;
}

const triggerCountsSchema = z.object({ UP: z.number().int().min(0), DOWN: z.number().int().min(0) });
export type TriggerCounts = z.infer<typeof triggerCountsSchema>;

export const bridgeItemSchema = z.object({
  bridge_id: z.string(),
  bridge_name: z.string(),
  og_id: z.string(),
  is_connected: z.boolean(),
  trading_enabled: z.boolean(),
  /** Hex SHA-256 of the current webhook key: names the lookup item to replace on a reset. */
  key_hash: z.string(),
  key_created_at: z.string(),
  trigger_counts: triggerCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BridgeItem = z.infer<typeof bridgeItemSchema>;
export type BridgeItemSettings = Partial<Pick<BridgeItem, 'bridge_name' | 'is_connected'>>;

export const triggerItemSchema = triggerFieldsObject.extend({
  // Triggers stored before the choice existed traded their own script.
  script_source: triggerFieldsObject.shape.script_source.default(DEFAULT_SCRIPT_SOURCE),
  trigger_id: z.string(),
  bridge_id: z.string(),
  direction: z.enum(TRIGGER_DIRECTIONS),
  priority: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TriggerItem = z.infer<typeof triggerItemSchema>;

export const bridgeWebhookLookupSchema = z.object({
  frch_id: z.number().int(),
  user_id: z.number().int(),
  bridge_id: z.string(),
  /** Hex SHA-256 of the webhook key (also in the item's key). */
  key_hash: z.string(),
});
export type BridgeWebhookLookup = z.infer<typeof bridgeWebhookLookupSchema>;

const bridgeKey = (owner: BridgeOwner, id: string) => customBridgeKeys.item(owner.frchId, owner.userId, id);
const triggerKey = (owner: BridgeOwner, bridgeId: string, triggerId: string) => customBridgeKeys.trigger(owner.frchId, owner.userId, bridgeId, triggerId);
const lookupKey = (owner: BridgeOwner, keyHash: string) => customBridgeKeys.webhookLookup(owner.frchId, keyHash);
const groupKey = (owner: BridgeOwner, ogId: string) => orderManagerKeys.group(owner.frchId, owner.userId, ogId);

function lookupPut(owner: BridgeOwner, bridgeId: string, keyHash: string) {
  const lookup: BridgeWebhookLookup = { frch_id: owner.frchId, user_id: owner.userId, bridge_id: bridgeId, key_hash: keyHash };
  return { Put: { TableName: tableName(), Item: { ...lookupKey(owner, keyHash), entity: 'bridge-webhook', ...lookup }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

async function queryAll(owner: BridgeOwner, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKeys.partition(owner.frchId, owner.userId), ':prefix': prefix },
    ConsistentRead: true,
  });
}

export interface NewBridge {
  readonly bridgeId: string;
  readonly name: string;
  readonly keyHash: string;
  /** The bridge's order group, made with it. */
  readonly group: Pick<OrderGroupItem, 'og_id' | 'og_name'>;
}

/** A new bridge (unconnected, trading on, no triggers: spec §4), its webhook lookup and its order group (place-order on), all or nothing. */
export async function createBridge(owner: BridgeOwner, bridge: NewBridge, now = clockNow()): Promise<BridgeItem> {
  const stamp = now.toISOString();
  const item: BridgeItem = {
    bridge_id: bridge.bridgeId,
    bridge_name: bridge.name,
    og_id: bridge.group.og_id,
    is_connected: false,
    trading_enabled: true,
    key_hash: bridge.keyHash,
    key_created_at: stamp,
    trigger_counts: { UP: 0, DOWN: 0 },
    createdAt: stamp,
    updatedAt: stamp,
  };
  const group: OrderGroupItem = {
    ...bridge.group,
    bridge_id: bridge.bridgeId,
    og_place_order: true,
    group_tgt: null,
    group_sl: null,
    start_time: null,
    end_time: null,
    position_count: 0,
    createdAt: stamp,
    updatedAt: stamp,
  };
  const written = await transactIfConditionsHold([
    { Put: { TableName: tableName(), Item: { ...bridgeKey(owner, bridge.bridgeId), entity: 'bridge', ...item }, ConditionExpression: 'attribute_not_exists(PK)' } },
    lookupPut(owner, bridge.bridgeId, bridge.keyHash),
    { Put: { TableName: tableName(), Item: { ...groupKey(owner, group.og_id), entity: 'order-group', ...group }, ConditionExpression: 'attribute_not_exists(PK)' } },
  ]);
  if (!written) throw new Error(`bridge ${bridge.bridgeId}, its key or its order group already exists`);
  return item;
}

export async function getBridge(owner: BridgeOwner, id: string, items: ItemSource = TABLE_ITEMS): Promise<BridgeItem | null> {
  const item = await items.get(bridgeKey(owner, id));
  return item ? bridgeItemSchema.parse(item) : null;
}

/** The owner's bridges, oldest first (ULID ids sort by creation). */
export async function listBridges(owner: BridgeOwner): Promise<BridgeItem[]> {
  return (await queryAll(owner, customBridgeKeys.prefix)).map((item) => bridgeItemSchema.parse(item));
}

/** Sets plain fields of an existing bridge; null when it is gone. */
export async function updateBridge(owner: BridgeOwner, id: string, settings: BridgeItemSettings, now = clockNow()): Promise<BridgeItem | null> {
  const updated = await setIfExists(bridgeKey(owner, id), settings, now);
  return updated ? bridgeItemSchema.parse(updated) : null;
}

/** The trading flag and its order group's place-order flag, together; false when either is gone. */
export function setBridgeTrading(owner: BridgeOwner, bridge: BridgeItem, enabled: boolean, now = clockNow()): Promise<boolean> {
  const stamp = now.toISOString();
  return transactIfConditionsHold([
    {
      Update: {
        TableName: tableName(),
        Key: bridgeKey(owner, bridge.bridge_id),
        UpdateExpression: 'SET trading_enabled = :on, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':on': enabled, ':now': stamp },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, bridge.og_id),
        UpdateExpression: 'SET og_place_order = :on, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':on': enabled, ':now': stamp },
      },
    },
  ]);
}

/**
 * Replaces the key: the bridge's hash moves from the one read to the new one, the old lookup goes and
 * the new one comes, in one transaction, so the old URL answers 401 from the moment this returns.
 */
export function rekeyBridge(owner: BridgeOwner, bridge: BridgeItem, keyHash: string, now = clockNow()): Promise<boolean> {
  const stamp = now.toISOString();
  return transactIfConditionsHold([
    {
      Update: {
        TableName: tableName(),
        Key: bridgeKey(owner, bridge.bridge_id),
        UpdateExpression: 'SET key_hash = :new, key_created_at = :now, updatedAt = :now',
        ConditionExpression: 'key_hash = :old',
        ExpressionAttributeValues: { ':new': keyHash, ':old': bridge.key_hash, ':now': stamp },
      },
    },
    { Delete: { TableName: tableName(), Key: lookupKey(owner, bridge.key_hash) } },
    lookupPut(owner, bridge.bridge_id, keyHash),
  ]);
}

/**
 * Deletes the bridge, its lookup and its triggers, all or nothing: false when a trigger was added or
 * removed since they were read. Its order group is deleted before, by the order manager's own rule.
 */
export function deleteBridge(owner: BridgeOwner, bridge: BridgeItem, triggers: readonly TriggerItem[]): Promise<boolean> {
  return transactIfConditionsHold([
    {
      Delete: {
        TableName: tableName(),
        Key: bridgeKey(owner, bridge.bridge_id),
        ConditionExpression: 'trigger_counts.#up = :up AND trigger_counts.#down = :down',
        ExpressionAttributeNames: { '#up': 'UP', '#down': 'DOWN' },
        ExpressionAttributeValues: { ':up': bridge.trigger_counts.UP, ':down': bridge.trigger_counts.DOWN },
      },
    },
    { Delete: { TableName: tableName(), Key: lookupKey(owner, bridge.key_hash) } },
    ...triggers.map((trigger) => ({ Delete: { TableName: tableName(), Key: triggerKey(owner, bridge.bridge_id, trigger.trigger_id) } })),
  ]);
}

/** The bridge's triggers, both directions, in no particular order (callers sort by priority). */
export async function listTriggers(owner: BridgeOwner, bridgeId: string): Promise<TriggerItem[]> {
  return (await queryAll(owner, customBridgeKeys.triggersPrefix(bridgeId))).map((item) => triggerItemSchema.parse(item));
}

export async function getTrigger(owner: BridgeOwner, bridgeId: string, triggerId: string): Promise<TriggerItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: triggerKey(owner, bridgeId, triggerId), ConsistentRead: true }));
  return Item ? triggerItemSchema.parse(Item) : null;
}

/** The bridge's count of a direction moves from the one read; refused when it moved meanwhile. */
function countChange(owner: BridgeOwner, bridge: BridgeItem, direction: TriggerDirectionName, by: 1 | -1, stamp: string) {
  const seen = bridge.trigger_counts[direction];
  return {
    Update: {
      TableName: tableName(),
      Key: bridgeKey(owner, bridge.bridge_id),
      UpdateExpression: 'SET trigger_counts.#dir = :next, updatedAt = :now',
      ConditionExpression: 'trigger_counts.#dir = :seen',
      ExpressionAttributeNames: { '#dir': direction },
      ExpressionAttributeValues: { ':seen': seen, ':next': seen + by, ':now': stamp },
    },
  };
}

/** A renumbered trigger: written only if it still has the priority it was read with. */
export interface PriorityChange {
  readonly triggerId: string;
  readonly from: number;
  readonly to: number;
}

function priorityUpdate(owner: BridgeOwner, bridgeId: string, change: PriorityChange, stamp: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: triggerKey(owner, bridgeId, change.triggerId),
      UpdateExpression: 'SET priority = :to, updatedAt = :now',
      ConditionExpression: 'priority = :from',
      ExpressionAttributeValues: { ':from': change.from, ':to': change.to, ':now': stamp },
    },
  };
}

/**
 * Adds a trigger last in its direction (priority = the count read + 1); null when the count moved meanwhile.
 * The caller checks the cap on the count it read: the condition on that count makes the check hold at the write.
 */
export async function addTrigger(owner: BridgeOwner, bridge: BridgeItem, trigger: Omit<TriggerItem, 'priority' | 'createdAt' | 'updatedAt'>, now = clockNow()): Promise<TriggerItem | null> {
  const stamp = now.toISOString();
  const item: TriggerItem = { ...trigger, priority: bridge.trigger_counts[trigger.direction] + 1, createdAt: stamp, updatedAt: stamp };
  const written = await transactIfConditionsHold([
    countChange(owner, bridge, trigger.direction, 1, stamp),
    { Put: { TableName: tableName(), Item: { ...triggerKey(owner, bridge.bridge_id, trigger.trigger_id), entity: 'bridge-trigger', ...item }, ConditionExpression: 'attribute_not_exists(PK)' } },
  ]);
  return written ? item : null;
}

/** Replaces a trigger's template fields (direction and priority stay); null when it is gone. */
export async function updateTriggerFields(owner: BridgeOwner, trigger: TriggerItem, fields: TriggerFields, now = clockNow()): Promise<TriggerItem | null> {
  const updated = await setIfExists(triggerKey(owner, trigger.bridge_id, trigger.trigger_id), fields, now);
  return updated ? triggerItemSchema.parse(updated) : null;
}

/** Deletes a trigger and renumbers the rest of its direction, all or nothing; false when anything moved meanwhile. */
export function removeTrigger(owner: BridgeOwner, bridge: BridgeItem, trigger: TriggerItem, renumbered: readonly PriorityChange[], now = clockNow()): Promise<boolean> {
  const stamp = now.toISOString();
  return transactIfConditionsHold([
    countChange(owner, bridge, trigger.direction, -1, stamp),
    {
      Delete: {
        TableName: tableName(),
        Key: triggerKey(owner, bridge.bridge_id, trigger.trigger_id),
        ConditionExpression: 'priority = :priority',
        ExpressionAttributeValues: { ':priority': trigger.priority },
      },
    },
    ...renumbered.map((change) => priorityUpdate(owner, bridge.bridge_id, change, stamp)),
  ]);
}

/** Writes new priorities, all or nothing, while the bridge's counts are those read (no trigger came or went). */
export function reprioritiseTriggers(owner: BridgeOwner, bridge: BridgeItem, changes: readonly PriorityChange[], now = clockNow()): Promise<boolean> {
  const stamp = now.toISOString();
  return transactIfConditionsHold([
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: bridgeKey(owner, bridge.bridge_id),
        ConditionExpression: 'trigger_counts.#up = :up AND trigger_counts.#down = :down',
        ExpressionAttributeNames: { '#up': 'UP', '#down': 'DOWN' },
        ExpressionAttributeValues: { ':up': bridge.trigger_counts.UP, ':down': bridge.trigger_counts.DOWN },
      },
    },
    ...changes.map((change) => priorityUpdate(owner, bridge.bridge_id, change, stamp)),
  ]);
}

/** The webhook's view of a key hash in a franchise: the owner and bridge, or null. */
export async function getBridgeWebhookLookup(frchId: number, keyHash: string): Promise<BridgeWebhookLookup | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: customBridgeKeys.webhookLookup(frchId, keyHash), ConsistentRead: true }));
  return Item ? bridgeWebhookLookupSchema.parse(Item) : null;
}
