import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { instrumentSchema } from '../../../shared/domain/instruments';
import { actionSchema, orderTypeSchema, productSchema } from '../../../shared/domain/ranges';
import { orderStatusSchema } from '../../../shared/domain/states';
import { dynamo } from '../../platform/clients';
import { groupMirrorKeys } from '../keys';
import { assignmentsOf, isConditionFailure, tableName } from '../table';
import { queryOwnerPrefix, type GroupOwner } from './group-keys';

/**
 * A group's record of one master order, `MIRROR#<grp_id>#<master account>#<broker order id>` in the
 * owner's partition: claimed by a conditional put (so each copy happens once), then changed only with
 * the version read (`v`).
 */

/**
 * One master order as a group has seen it (`MIRROR#…`): its conditional put is the claim that makes
 * the copy happen once. `copying` names the group order (and its idempotency key) the children's
 * orders are placed under until the fan-out has finished (`copied`); `skipped` and `failed` carry the
 * reason nothing was copied. `master` is the master's ticket as the children mirror it now; a change
 * of the master's order is applied by whoever takes `change_lease_until` with the version read.
 */
export const MIRROR_STATES = ['copying', 'copied', 'skipped', 'failed'] as const;
export type MirrorState = (typeof MIRROR_STATES)[number];

export const mirroredTicketSchema = z.object({
  status: orderStatusSchema,
  order_type: orderTypeSchema.nullable(),
  quantity: z.number().int(),
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
});
export type MirroredTicket = z.infer<typeof mirroredTicketSchema>;

export const groupMirrorItemSchema = z.object({
  grp_id: z.string(),
  master_broker_id: z.string(),
  broker_order_id: z.string(),
  state: z.enum(MIRROR_STATES),
  reason: z.string().nullable(),
  group_order_id: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  /** The copied ticket's script and side (null when the row could not be read as a ticket). */
  instrument: instrumentSchema.nullable(),
  transaction_type: actionSchema.nullable(),
  product: productSchema,
  master: mirroredTicketSchema,
  change_lease_until: z.string().nullable(),
  v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupMirrorItem = z.infer<typeof groupMirrorItemSchema>;
export type NewGroupMirror = Omit<GroupMirrorItem, 'change_lease_until' | 'v' | 'createdAt' | 'updatedAt'>;

const mirrorKey = (owner: GroupOwner, mirror: Pick<GroupMirrorItem, 'grp_id' | 'master_broker_id' | 'broker_order_id'>) =>
  groupMirrorKeys.record(owner.frchId, owner.userId, mirror.grp_id, mirror.master_broker_id, mirror.broker_order_id);

/**
 * Claims a master order for a group: written only if no record of it exists. Null when another poller
 * (or postback) claimed it first. `expiresAt` (epoch seconds) lets records of day-long books go; a
 * book that keeps every order (paper) needs its records for as long, so they do not expire.
 */
export async function claimGroupMirror(owner: GroupOwner, mirror: NewGroupMirror, expiresAt: number | null, now: Date): Promise<GroupMirrorItem | null> {
  const stamp = now.toISOString();
  const item: GroupMirrorItem = { ...mirror, change_lease_until: null, v: 0, createdAt: stamp, updatedAt: stamp };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...mirrorKey(owner, mirror), entity: 'group-mirror', ...item, ...(expiresAt === null ? {} : { expiresAt }) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return item;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** The records of every master order a group has seen on one master account. */
export async function listGroupMirrors(owner: GroupOwner, grpId: string, accountId: string): Promise<GroupMirrorItem[]> {
  const items = await queryOwnerPrefix(owner, groupMirrorKeys.recordPrefix(grpId, accountId), true);
  return items.map((item) => groupMirrorItemSchema.parse(item));
}

async function updateGroupMirror(
  owner: GroupOwner,
  mirror: GroupMirrorItem,
  set: Readonly<Record<string, unknown>>,
  condition: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
  now: Date,
): Promise<GroupMirrorItem | null> {
  const { assignments, names, values } = assignmentsOf(set, now);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: mirrorKey(owner, mirror),
        UpdateExpression: `SET ${assignments.join(', ')} ADD #version :one`,
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: { ...names, ...condition.names, '#version': 'v' },
        ExpressionAttributeValues: { ...values, ...condition.values, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return groupMirrorItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Ends a copy (`copied`, or `failed` with the reason); null when it had ended already. */
export function finishGroupMirror(owner: GroupOwner, mirror: GroupMirrorItem, state: 'copied' | 'failed', reason: string | null, now: Date): Promise<GroupMirrorItem | null> {
  return updateGroupMirror(owner, mirror, { state, reason }, { expression: '#state = :copying', names: { '#state': 'state' }, values: { ':copying': 'copying' } }, now);
}

/**
 * Takes the right to apply a change of the master's order to the children: only with the version read
 * and while nobody else holds an unexpired lease. Null when another poller took it (or changed the
 * record) first; a lease left by a crash expires, and the change is taken up again.
 */
export function leaseGroupMirrorChange(owner: GroupOwner, mirror: GroupMirrorItem, leaseUntil: Date, now: Date): Promise<GroupMirrorItem | null> {
  return updateGroupMirror(
    owner,
    mirror,
    { change_lease_until: leaseUntil.toISOString() },
    {
      expression: '#version = :read AND (attribute_type(#lease, :null) OR #lease < :now)',
      names: { '#lease': 'change_lease_until' },
      values: { ':read': mirror.v, ':null': 'NULL', ':now': now.toISOString() },
    },
    now,
  );
}

/** Records the master's ticket the children now mirror and releases the lease taken for it. */
export function recordGroupMirrorChange(owner: GroupOwner, leased: GroupMirrorItem, master: MirroredTicket, now: Date): Promise<GroupMirrorItem | null> {
  return updateGroupMirror(owner, leased, { master, change_lease_until: null }, { expression: '#version = :read', values: { ':read': leased.v } }, now);
}
