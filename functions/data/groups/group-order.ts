import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { instrumentSchema } from '../../../shared/domain/instruments';
import { actionSchema, orderOriginSchema, orderTypeSchema, productSchema } from '../../../shared/domain/ranges';
import { dynamo } from '../../platform/clients';
import { getIdempotencyRecord } from '../broker-accounts-repository';
import { idempotencyKeys, type ItemKey } from '../keys';
import { packJson, unpackJson } from '../packed-json';
import { tableName, transactIfConditionsHold } from '../table';
import { ownerPartition, queryOwnerPrefix, type GroupOwner } from './group-keys';

/**
 * A group order (`placeorder` on a group), `GROUPORDER#<grp_id>#<group_order_id>` in the owner's
 * partition: written `placing` with its targets as planned, together with the client's idempotency
 * record (`IDEMP#group-place-order#<key>`) in one transaction, and `placed` once every target's outcome
 * is recorded. Deleting the group deletes its records. The targets are stored packed
 * (`targets_packed`, packed-json.ts: a 200-target list is about 60 KB as a DynamoDB list); records
 * written before hold them as a list under `targets`, and still read.
 */

/**
 * Group order records, `GROUPORDER#<grp_id>#<group_order_id>` beside the group (not under `GROUP#`, so
 * listing groups never reads them). Built here until `functions/data/keys.ts` takes `groupKeys.order`.
 */
const groupOrderKeys = {
  item: (owner: GroupOwner, grpId: string, groupOrderId: string): ItemKey => ({
    PK: ownerPartition(owner),
    SK: `GROUPORDER#${grpId}#${groupOrderId}`,
  }),
  prefix: (grpId: string) => `GROUPORDER#${grpId}#`,
};

/** The idempotency record of a group placement: the client's key names the group order it started. */
export const GROUP_PLACE_ORDER_OPERATION = 'group-place-order';
const IDEMPOTENCY_RETENTION_SECONDS = 7 * 86_400;

/**
 * One target of a group order: the master or a child, what it was asked to trade, and what came of
 * it. `order_key` is the idempotency key of its order, derived from the group order and the target,
 * so placing again (a retried request, a crash) finds the first order instead of sending another.
 */
export const groupOrderTargetSchema = z.object({
  role: z.enum(['master', 'child']),
  grp_broker_id: z.string().nullable(),
  broker_id: z.string(),
  /** A group strategy's subscriber account: its owner's user id (null: the group owner's own account). */
  account_owner_id: z.number().int().nullable().default(null),
  multiplier: z.number(),
  /** Units to order; 0 when the target was skipped. */
  quantity: z.number().int().min(0),
  /** Null when the target was skipped before any order. */
  order_key: z.string().nullable(),
  /** Set once the target's order is known. */
  order_id: z.string().nullable(),
  /** Why no order was placed (or why placing it failed). */
  reason: z.string().nullable(),
});
export type GroupOrderTarget = z.infer<typeof groupOrderTargetSchema>;

/** A group order (`placeorder` on a group): the ticket, who asked, and its targets; `placing` until every target's outcome is recorded. */
export const groupOrderItemSchema = z.object({
  group_order_id: z.string(),
  grp_id: z.string(),
  instrument: instrumentSchema,
  transaction_type: actionSchema,
  order_type: orderTypeSchema,
  product: productSchema,
  /** The master quantity, in units, that each child's multiplier applies to. */
  quantity: z.number().int(),
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
  origin: orderOriginSchema,
  placed_by: z.number().int(),
  idempotency_key: z.string(),
  fingerprint: z.string(),
  state: z.enum(['placing', 'placed']),
  targets: z.array(groupOrderTargetSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupOrderItem = z.infer<typeof groupOrderItemSchema>;

/** A stored record: the targets packed, or (older records) as a list. */
function groupOrderOfItem(item: Record<string, unknown>): GroupOrderItem {
  const { targets_packed: packed, ...rest } = item;
  return groupOrderItemSchema.parse(packed instanceof Uint8Array ? { ...rest, targets: unpackJson(packed) } : rest);
}

/** The record's attributes as stored: the targets packed. */
function storedAttributes({ targets, ...rest }: GroupOrderItem): Record<string, unknown> {
  return { ...rest, targets_packed: packJson(targets) };
}
export type NewGroupOrder = Omit<GroupOrderItem, 'state' | 'createdAt' | 'updatedAt'>;

export type GroupOrderWrite = { readonly kind: 'written'; readonly record: GroupOrderItem } | { readonly kind: 'key-used' };

/** The group order with its targets as planned, and the client's idempotency record, in one transaction. */
export async function createGroupOrder(owner: GroupOwner, record: NewGroupOrder, now: Date): Promise<GroupOrderWrite> {
  const stamp = now.toISOString();
  const item: GroupOrderItem = { ...record, state: 'placing', createdAt: stamp, updatedAt: stamp };
  const written = await transactIfConditionsHold([
    {
      Put: {
        TableName: tableName(),
        Item: { ...groupOrderKeys.item(owner, record.grp_id, record.group_order_id), entity: 'group-order', ...storedAttributes(item) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...idempotencyKeys.item(owner.frchId, owner.userId, GROUP_PLACE_ORDER_OPERATION, record.idempotency_key),
          entity: 'idempotency',
          fingerprint: record.fingerprint,
          outcome: { grp_id: record.grp_id, group_order_id: record.group_order_id },
          createdAt: stamp,
          expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_RETENTION_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  return written ? { kind: 'written', record: item } : { kind: 'key-used' };
}

const groupPlacementSchema = z.object({ grp_id: z.string(), group_order_id: z.string() });

/** The group order a client key started: its fingerprint and ids, or null when the key is new. */
/** What a client's key recorded: the group order it started and the request's fingerprint. */
export interface GroupPlacement {
  readonly fingerprint: string;
  readonly grpId: string;
  readonly groupOrderId: string;
}

export async function findGroupPlacement(owner: GroupOwner, key: string): Promise<GroupPlacement | null> {
  const record = await getIdempotencyRecord(owner, GROUP_PLACE_ORDER_OPERATION, key);
  if (!record) return null;
  const placement = groupPlacementSchema.parse(record.outcome);
  return { fingerprint: record.fingerprint, grpId: placement.grp_id, groupOrderId: placement.group_order_id };
}

export async function getGroupOrder(owner: GroupOwner, grpId: string, groupOrderId: string): Promise<GroupOrderItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: groupOrderKeys.item(owner, grpId, groupOrderId), ConsistentRead: true }));
  return Item ? groupOrderOfItem(Item) : null;
}

/** Every target's outcome, written once when the fan-out ends: the group order is then `placed`. */
export async function recordGroupOrderTargets(owner: GroupOwner, record: GroupOrderItem, targets: readonly GroupOrderTarget[], now: Date): Promise<GroupOrderItem> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: groupOrderKeys.item(owner, record.grp_id, record.group_order_id),
      UpdateExpression: 'SET targets_packed = :targets, #state = :placed, updatedAt = :now REMOVE targets',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':targets': packJson(targets), ':placed': 'placed', ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return groupOrderOfItem(Attributes ?? {});
}

/** The scripts a group has placed orders in (read from its group orders' tickets). */
export async function scriptsTradedByGroup(owner: GroupOwner, grpId: string): Promise<Set<string>> {
  const items = await queryOwnerPrefix(owner, groupOrderKeys.prefix(grpId));
  return new Set(items.map((item) => groupOrderItemSchema.shape.instrument.parse(item.instrument).script_id));
}

const BATCH_WRITE_LIMIT = 25;

/** Deletes every order record of a group (once the group itself is deleted: nothing names them then; the orders stay). */
export async function deleteGroupOrderRecords(owner: GroupOwner, grpId: string): Promise<void> {
  const keys: Record<string, unknown>[] = (await queryOwnerPrefix(owner, groupOrderKeys.prefix(grpId))).map((item) => ({ PK: item.PK, SK: item.SK }));
  for (let start = 0; start < keys.length; start += BATCH_WRITE_LIMIT) {
    let requests = keys.slice(start, start + BATCH_WRITE_LIMIT).map((Key) => ({ DeleteRequest: { Key } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (UnprocessedItems?.[tableName()] ?? []).flatMap((request) => (request.DeleteRequest?.Key ? [{ DeleteRequest: { Key: request.DeleteRequest.Key } }] : []));
    }
  }
}
