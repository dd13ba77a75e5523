import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { AUTOMATION_SWITCH_KINDS } from '../../../shared/contracts/automation';
import { dynamo } from '../../platform/clients';
import { TABLE_ITEMS, type ItemSource } from '../item-source';
import type { ItemKey } from '../keys';
import { isConditionFailure, tableName, type TransactItem } from '../table';
import { automationStopKeys } from './automation-stop-keys';

/**
 * The kill switches' markers (automation-stop-keys.ts). `stopped_at` present = stopped; resuming removes
 * it (and `stopped_by`) but keeps `switches_off`, the switches the stops turned off, so the user can turn
 * them back on one by one. Every automated order's intent carries `automationStopChecks`: a condition
 * check on both markers in the same transaction, so a stop holds from the moment its write returns.
 */
export interface StopOwner {
  readonly frchId: number;
  readonly userId: number;
}

export const switchRefSchema = z.object({ kind: z.enum(AUTOMATION_SWITCH_KINDS), id: z.string(), name: z.string() });
export type SwitchRef = z.infer<typeof switchRefSchema>;

const stopItemSchema = z.object({
  stopped_at: z.string().optional(),
  stopped_by: z.string().optional(),
  switches_off: z.array(switchRefSchema).default([]),
  v: z.number().int().default(0),
});

export interface StopMark {
  readonly stoppedAt: string;
  readonly stoppedBy: string | null;
}

export interface AutomationStops {
  readonly user: StopMark | null;
  readonly franchise: StopMark | null;
  readonly switchesOff: readonly SwitchRef[];
  /** The user marker's version, for `rememberSwitchesOff` (0 when there is no item yet). */
  readonly version: number;
}

const NOT_STOPPED = 'attribute_not_exists(stopped_at)';
const ENTITY = 'automation_stop';

const markOf = (item: z.infer<typeof stopItemSchema> | null): StopMark | null =>
  item?.stopped_at ? { stoppedAt: item.stopped_at, stoppedBy: item.stopped_by ?? null } : null;

const parsed = (raw: Record<string, unknown> | null) => (raw ? stopItemSchema.parse(raw) : null);

/** Both markers, as a batch read ahead (the signal worker) or two reads. */
export async function getAutomationStops(owner: StopOwner, items: ItemSource = TABLE_ITEMS): Promise<AutomationStops> {
  const [userRaw, franchiseRaw] = await Promise.all([items.get(automationStopKeys.user(owner.frchId, owner.userId)), items.get(automationStopKeys.franchise(owner.frchId))]);
  const user = parsed(userRaw);
  return { user: markOf(user), franchise: markOf(parsed(franchiseRaw)), switchesOff: user?.switches_off ?? [], version: user?.v ?? 0 };
}

/** The keys to read ahead with a piece of work that may place automated orders. */
export function automationStopItemKeys(owner: StopOwner): ItemKey[] {
  return [automationStopKeys.user(owner.frchId, owner.userId), automationStopKeys.franchise(owner.frchId)];
}

/** The order path's guard: the user's and the franchise's markers must not say stopped (a missing item passes). */
export function automationStopChecks(owner: StopOwner): TransactItem[] {
  return automationStopItemKeys(owner).map((key) => ({ ConditionCheck: { TableName: tableName(), Key: key, ConditionExpression: NOT_STOPPED } }));
}

async function conditionalUpdate(key: ItemKey, update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key, ...update }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

function mark(key: ItemKey, by: string, now: Date): Promise<boolean> {
  return conditionalUpdate(key, {
    UpdateExpression: 'SET #entity = :entity, stopped_at = :at, stopped_by = :by, updatedAt = :at',
    ExpressionAttributeNames: { '#entity': 'entity' },
    ConditionExpression: NOT_STOPPED,
    ExpressionAttributeValues: { ':entity': ENTITY, ':at': now.toISOString(), ':by': by },
  });
}

function clear(key: ItemKey, now: Date): Promise<boolean> {
  return conditionalUpdate(key, {
    UpdateExpression: 'REMOVE stopped_at, stopped_by SET updatedAt = :at',
    ConditionExpression: 'attribute_exists(stopped_at)',
    ExpressionAttributeValues: { ':at': now.toISOString() },
  });
}

/** Marks the user stopped; false when already stopped. */
export const markUserStopped = (owner: StopOwner, by: string, now: Date) => mark(automationStopKeys.user(owner.frchId, owner.userId), by, now);
/** Lifts the user's stop; false when not stopped. */
export const clearUserStop = (owner: StopOwner, now: Date) => clear(automationStopKeys.user(owner.frchId, owner.userId), now);
export const markFranchiseStopped = (frchId: number, by: string, now: Date) => mark(automationStopKeys.franchise(frchId), by, now);
export const clearFranchiseStop = (frchId: number, now: Date) => clear(automationStopKeys.franchise(frchId), now);

/** The franchise's marker alone (the broker panel's view). */
export async function getFranchiseStop(frchId: number): Promise<StopMark | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: automationStopKeys.franchise(frchId), ConsistentRead: true }));
  return markOf(parsed(Item ?? null));
}

/** Replaces the remembered switches, if the marker is still at the version read; false when it moved (read again and merge). */
export function rememberSwitchesOff(owner: StopOwner, readVersion: number, switches: readonly SwitchRef[], now: Date): Promise<boolean> {
  return conditionalUpdate(automationStopKeys.user(owner.frchId, owner.userId), {
    UpdateExpression: 'SET #entity = :entity, switches_off = :switches, #v = :next, updatedAt = :at',
    ExpressionAttributeNames: { '#entity': 'entity', '#v': 'v' },
    // A marker written by a stop alone has no version yet: version 0.
    ConditionExpression: readVersion === 0 ? 'attribute_not_exists(#v) OR #v = :read' : '#v = :read',
    ExpressionAttributeValues: { ':entity': ENTITY, ':switches': switches, ':next': readVersion + 1, ':read': readVersion, ':at': now.toISOString() },
  });
}
