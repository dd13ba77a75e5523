import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod';
import { ipRoleSchema, ipSlotStateSchema, ipVersionSchema } from '../../../shared/contracts/ips';
import { dynamo } from '../../platform/clients';
import { type AccountEgress, type BrokerAccountItem } from '../broker-accounts-repository';
import { countAllPages, isConditionFailure, queryAllPages, queryPages, tableName, transactIfConditionsHold, type TransactItem } from '../table';
import { ALWAYS_AVAILABLE, staticIpKeys } from './static-ip-keys';

/** One address of a franchise's egress pool (a "slot") and, while assigned, who bought it, who holds it and until when. */
export const ipSlotItemSchema = z.object({
  ip_id: z.string(),
  frch_id: z.number().int(),
  /** What brokers see; the user registers it. */
  address: z.string(),
  /** What the egress proxy binds its upstream socket to (a private address on AWS, the same loopback address locally). */
  bind_address: z.string(),
  proxy_url: z.string(),
  version: ipVersionSchema,
  state: ipSlotStateSchema,
  owner_user_id: z.number().int().nullable(),
  holder_user_id: z.number().int().nullable(),
  assigned_at: z.string().nullable(),
  holder_changed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  auto_renew: z.boolean(),
  label: z.string(),
  role: ipRoleSchema,
  quarantined_until: z.string().nullable(),
  /** The holder's accounts whose calls leave from this address. */
  account_ids: z.array(z.string()),
  /** The expiry the renewal notice was sent for (sent once per period). */
  renewal_notice_for: z.string().nullable(),
  /** When the renewal schedule next has work on this slot (the notice, then the expiry). */
  renewal_due_at: z.string().nullable(),
  v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IpSlotItem = z.infer<typeof ipSlotItemSchema>;
/** What a write sets: everything but the bookkeeping the repository keeps. */
export type IpSlotFields = Omit<IpSlotItem, 'v' | 'createdAt' | 'updatedAt'>;

/** A slot as an import lists it. */
export interface NewPoolSlot {
  readonly address: string;
  readonly bind_address: string;
  readonly proxy_url: string;
  readonly version: IpSlotItem['version'];
}

const parseSlot = (raw: Record<string, unknown>) => ipSlotItemSchema.parse(raw);

/** The index pointers of a slot in its state (see static-ip-keys.ts). */
function pointersOf(slot: IpSlotFields): Record<string, string> {
  if (slot.state === 'free') return staticIpKeys.available(slot.frch_id, slot.version, ALWAYS_AVAILABLE, slot.ip_id);
  if (slot.state === 'quarantined') return staticIpKeys.available(slot.frch_id, slot.version, slot.quarantined_until ?? ALWAYS_AVAILABLE, slot.ip_id);
  if (slot.holder_user_id === null || slot.owner_user_id === null) throw new Error(`assigned slot ${slot.ip_id} without owner or holder`);
  return {
    ...staticIpKeys.holder(slot.frch_id, slot.holder_user_id, slot.ip_id),
    ...staticIpKeys.owner(slot.frch_id, slot.owner_user_id, slot.ip_id),
    ...(slot.renewal_due_at ? staticIpKeys.renewal(slot.frch_id, slot.ip_id, slot.renewal_due_at) : {}),
  };
}

function slotItem(slot: IpSlotFields, v: number, createdAt: string, now: Date): Record<string, unknown> {
  return { ...staticIpKeys.slot(slot.frch_id, slot.ip_id), entity: 'ip-slot', ...pointersOf(slot), ...slot, v, createdAt, updatedAt: now.toISOString() };
}

/** What a slot holds while nobody has it (free, or resting in quarantine): no owner, holder, dates, settings or accounts. */
export const NOBODYS_SLOT = {
  owner_user_id: null,
  holder_user_id: null,
  assigned_at: null,
  holder_changed_at: null,
  expires_at: null,
  auto_renew: false,
  label: '',
  role: 'primary',
  account_ids: [],
  renewal_notice_for: null,
  renewal_due_at: null,
} as const satisfies Partial<IpSlotFields>;

/**
 * Adds addresses to a franchise's pool as free slots, each only if the address is not in the pool yet
 * (an address guard item and the slot in one transaction): running an import twice adds nothing.
 */
export async function addPoolSlots(frchId: number, slots: readonly NewPoolSlot[], now: Date): Promise<{ added: number; present: number }> {
  let added = 0;
  for (const slot of slots) {
    const fields: IpSlotFields = {
      ip_id: ulid(now.getTime()),
      frch_id: frchId,
      address: slot.address,
      bind_address: slot.bind_address,
      proxy_url: slot.proxy_url,
      version: slot.version,
      state: 'free',
      ...NOBODYS_SLOT,
      quarantined_until: null,
    };
    const stamp = now.toISOString();
    const written = await transactIfConditionsHold([
      { Put: { TableName: tableName(), Item: { ...staticIpKeys.addressGuard(frchId, slot.address), entity: 'ip-address', ip_id: fields.ip_id, createdAt: stamp }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: tableName(), Item: slotItem(fields, 0, stamp, now), ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
    if (written) added += 1;
  }
  return { added, present: slots.length - added };
}

export async function getSlot(frchId: number, ipId: string): Promise<IpSlotItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: staticIpKeys.slot(frchId, ipId), ConsistentRead: true }));
  return Item ? parseSlot(Item) : null;
}

/** Every slot of the franchise's pool, in id order. */
export async function listPool(frchId: number): Promise<IpSlotItem[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': staticIpKeys.poolPartition(frchId), ':prefix': staticIpKeys.slotPrefix },
  });
  return items.map(parseSlot);
}

const availableQuery = (frchId: number, version: string, nowIso: string) => ({
  IndexName: 'GSI1',
  KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :until',
  ExpressionAttributeValues: { ':pk': staticIpKeys.availablePartition(frchId, version), ':until': staticIpKeys.availableUntil(nowIso) },
});

/** Up to `limit` slots of the version that may be bought at `nowIso` (free, or quarantined until then). The index may lag: a buyer conditions on the slot itself. */
export async function listAvailableSlots(frchId: number, version: string, nowIso: string, limit: number): Promise<IpSlotItem[]> {
  return (await queryAllPages({ ...availableQuery(frchId, version, nowIso), Limit: limit }, limit)).map(parseSlot);
}

export async function countAvailableSlots(frchId: number, version: string, nowIso: string): Promise<number> {
  return countAllPages(availableQuery(frchId, version, nowIso));
}

/** The slots the user holds (bought and kept, or allocated to it). */
export async function listSlotsHeldBy(frchId: number, userId: number): Promise<IpSlotItem[]> {
  const items = await queryAllPages({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': staticIpKeys.holderPartition(frchId, userId) } });
  return items.map(parseSlot);
}

/** The slots the user bought (those it allocated to sub-users too). */
export async function listSlotsOwnedBy(frchId: number, userId: number): Promise<IpSlotItem[]> {
  const items = await queryAllPages({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': staticIpKeys.ownerPartition(frchId, userId) } });
  return items.map(parseSlot);
}

/** Assigned slots whose renewal step (notice or expiry) is due at `nowIso`, over every shard (or only one franchise's). */
export async function* listDueRenewals(nowIso: string, onlyFrchId?: number): AsyncGenerator<IpSlotItem> {
  const franchise = onlyFrchId === undefined ? {} : { FilterExpression: 'frch_id = :frch' };
  for (let shard = 0; shard < staticIpKeys.renewalShards; shard += 1) {
    const pages = queryPages({
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK <= :until',
      ...franchise,
      ExpressionAttributeValues: {
        ':pk': staticIpKeys.renewalPartition(shard),
        ':until': staticIpKeys.renewalUntil(nowIso),
        ...(onlyFrchId === undefined ? {} : { ':frch': onlyFrchId }),
      },
    });
    for await (const page of pages) for (const raw of page.items) yield parseSlot(raw);
  }
}

/** The slot's next state, written only if the slot is unchanged since `before` was read. */
export function slotWriteItem(before: IpSlotItem, next: IpSlotFields, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: slotItem(next, before.v + 1, before.createdAt, now),
      ConditionExpression: '#v = :v AND #state = :state',
      ExpressionAttributeNames: { '#v': 'v', '#state': 'state' },
      ExpressionAttributeValues: { ':v': before.v, ':state': before.state },
    },
  };
}

/**
 * A purchase's assignment: only if the slot is still what the buyer read (same version) and still
 * buyable — free, or quarantined until no later than now — so a slot never goes to two buyers.
 */
export function slotAssignItem(before: IpSlotItem, next: IpSlotFields, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: slotItem(next, before.v + 1, before.createdAt, now),
      ConditionExpression: '#v = :v AND (#state = :free OR (#state = :quarantined AND quarantined_until <= :now))',
      ExpressionAttributeNames: { '#v': 'v', '#state': 'state' },
      ExpressionAttributeValues: { ':v': before.v, ':free': 'free', ':quarantined': 'quarantined', ':now': now.toISOString() },
    },
  };
}

/**
 * An account's egress (the copy of its slot's addresses) set, or removed with `null`, and when it changed,
 * only if the account is unchanged since it was read.
 */
export function accountEgressItem(account: BrokerAccountItem, egress: AccountEgress | null, now: Date): TransactItem {
  const stamp = now.toISOString();
  return {
    Update: {
      TableName: tableName(),
      Key: staticIpKeys.account(account.frch_id, account.user_id, account.broker_id),
      UpdateExpression: `SET ${egress ? 'egress = :egress, ' : ''}egress_changed_at = :at, updatedAt = :at${egress ? '' : ' REMOVE egress'} ADD #v :one`,
      ConditionExpression: 'attribute_exists(PK) AND #v = :v',
      ExpressionAttributeNames: { '#v': 'v' },
      ExpressionAttributeValues: { ':at': stamp, ':one': 1, ':v': account.v, ...(egress ? { ':egress': egress } : {}) },
    },
  };
}

/** How the broker learned the account's address (after the platform registered it, or failed to), if the account still uses that slot. */
export async function setAccountRegistration(
  account: Pick<BrokerAccountItem, 'frch_id' | 'user_id' | 'broker_id'>,
  ipId: string,
  registration: AccountEgress['registration'],
  error: string | null,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: staticIpKeys.account(account.frch_id, account.user_id, account.broker_id),
        UpdateExpression: 'SET egress.registration = :registration, egress.registration_error = :error ADD #v :one',
        ConditionExpression: 'egress.ip_id = :ip',
        ExpressionAttributeNames: { '#v': 'v' },
        ExpressionAttributeValues: { ':registration': registration, ':error': error, ':ip': ipId, ':one': 1 },
      }),
    );
    return true;
  } catch (failure) {
    if (isConditionFailure(failure)) return false;
    throw failure;
  }
}

const purchaseRecordSchema = z.object({ ip_id: z.string(), fingerprint: z.string() });
export type PurchaseRecord = z.infer<typeof purchaseRecordSchema>;

/** The buyer's record of a purchase under its key, written in the purchase's transaction (never twice). */
export function purchaseRecordItem(frchId: number, userId: number, key: string, record: PurchaseRecord, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...staticIpKeys.purchase(frchId, userId, key), entity: 'ip-purchase', ...record, createdAt: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function getPurchaseRecord(frchId: number, userId: number, key: string): Promise<PurchaseRecord | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: staticIpKeys.purchase(frchId, userId, key), ConsistentRead: true }));
  return Item ? purchaseRecordSchema.parse(Item) : null;
}

/** Writes a slot as it is given (tests and tools arranging a pool); refuses to replace an existing one. */
export async function putSlotIfAbsent(slot: IpSlotFields, now: Date): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: slotItem(slot, 0, now.toISOString(), now), ConditionExpression: 'attribute_not_exists(PK)' }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
