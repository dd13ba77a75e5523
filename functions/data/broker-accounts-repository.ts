import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { brokerKindSchema } from '../../shared/contracts/broker';
import { brokerStatusSchema, type BrokerStatus } from '../../shared/domain/states';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { sealedFieldsSchema } from '../platform/secrets/sealed-secret';
import { brokerAccountKeys, brokerSessionIndexKeys, idempotencyKeys, paperStateKeys, userKeys } from './keys';
import { isConditionFailure, queryAllPages, queryPages, tableName, type TransactItem } from './table';
import { PrefetchedItems, TABLE_ITEMS, type ItemSource } from './item-source';

/** Whose items: always the verified caller (or, for the schedule, the owner read from the index). */
export interface AccountOwner {
  readonly frchId: number;
  readonly userId: number;
}

/** Where an account's broker calls leave from: the slot, its public and bind addresses, and the proxy that holds it. */
export const accountEgressSchema = z.object({
  ip_id: z.string(),
  /** What the broker sees (registered with it). */
  address: z.string(),
  /** The address the proxy binds its upstream socket to (a private address on AWS; the same loopback address locally). */
  bind_address: z.string(),
  /** The egress proxy that holds the slot, e.g. http://10.0.1.12:3128. */
  proxy_url: z.string(),
  version: z.enum(['IPv4', 'IPv6']),
  registration: z.enum(['registered', 'register-yourself', 'failed']),
  registration_error: z.string().nullable(),
});
export type AccountEgress = z.infer<typeof accountEgressSchema>;

const fundsSchema = z.object({ available: z.number(), used: z.number(), updated_at: z.string() });

/** A broker account as stored (`BRK#<id>`); `sealed_*` hold secrets, which never leave the server. */
export const brokerAccountItemSchema = z.object({
  frch_id: z.number().int(),
  user_id: z.number().int(),
  broker_id: z.string(),
  broker: brokerKindSchema,
  status: brokerStatusSchema,
  broker_user_id: z.string().nullable(),
  trading_enabled: z.boolean(),
  auto_renew: z.boolean(),
  note: z.string(),
  sealed_credentials: sealedFieldsSchema.optional(),
  sealed_session: sealedFieldsSchema.optional(),
  session_valid_until: z.string().nullable(),
  subscription_plan_id: z.string().nullable(),
  subscription_started_at: z.string().nullable(),
  subscription_expires_at: z.string().nullable(),
  subscription_paid_credits: z.number(),
  funds: fundsSchema.nullable(),
  /**
   * The static IP this account's order-changing calls and logins leave from (issue 20, ADR 0014), copied
   * from the slot when it is bound so the order path needs no second read. Absent: the account has none.
   */
  egress: accountEgressSchema.optional(),
  /** When the account's IP last changed (bind, move, unbind): brokers allow one change per 7 days. */
  egress_changed_at: z.string().optional(),
  v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BrokerAccountItem = z.infer<typeof brokerAccountItemSchema>;
export type NewBrokerAccount = Omit<BrokerAccountItem, 'v' | 'createdAt' | 'updatedAt'>;

const accountKey = (owner: AccountOwner, accountId: string) => brokerAccountKeys.item(owner.frchId, owner.userId, accountId);
const parseAccount = (raw: Record<string, unknown> | undefined) => (raw ? brokerAccountItemSchema.parse(raw) : null);

/** The shard of the session index an account's entry lives in (stable per account). */
export function sessionShardOf(accountId: string): number {
  let sum = 0;
  for (const char of accountId) sum = (sum + char.charCodeAt(0)) % brokerSessionIndexKeys.shards;
  return sum;
}

function sessionIndexEntry(account: { broker: string; broker_id: string }, owner: AccountOwner, validUntil: string | null) {
  if (account.broker === 'paper' || !validUntil) return null;
  return brokerSessionIndexKeys.entry(sessionShardOf(account.broker_id), validUntil, owner.frchId, owner.userId, account.broker_id);
}

/** Writes a new account (and, for paper, the attributes of its simulator-state item) in one transaction. */
export async function createBrokerAccount(
  account: NewBrokerAccount,
  paperState: Readonly<Record<string, unknown>> | null,
  now: Date,
): Promise<BrokerAccountItem> {
  const owner = { frchId: account.frch_id, userId: account.user_id };
  const stamp = now.toISOString();
  const item: BrokerAccountItem = { ...account, v: 0, createdAt: stamp, updatedAt: stamp };
  const index = item.status === 'connected' ? sessionIndexEntry(item, owner, item.session_valid_until) : null;
  const put = (Item: Record<string, unknown>) => ({ Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' } });
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        put({ ...accountKey(owner, item.broker_id), entity: 'broker-account', ...index, ...item }),
        ...(paperState === null ? [] : [put({ ...paperStateKeys.item(owner.frchId, owner.userId, item.broker_id), ...paperState })]),
      ],
    }),
  );
  return item;
}

export async function getBrokerAccount(owner: AccountOwner, accountId: string, items: ItemSource = TABLE_ITEMS): Promise<BrokerAccountItem | null> {
  return parseAccount((await items.get(accountKey(owner, accountId))) ?? undefined);
}

/** Accounts of several owners at once (100 per consistent BatchGetItem), in the order asked; null where there is none. */
export async function getBrokerAccountsOf(refs: readonly { readonly owner: AccountOwner; readonly accountId: string }[]): Promise<(BrokerAccountItem | null)[]> {
  if (refs.length === 0) return [];
  const batch = new PrefetchedItems();
  await batch.prefetch(refs.map((ref) => accountKey(ref.owner, ref.accountId)));
  return Promise.all(refs.map((ref) => getBrokerAccount(ref.owner, ref.accountId, batch)));
}

/** Every account of the owner (deleted ones too), oldest first. */
export async function listBrokerAccounts(owner: AccountOwner): Promise<BrokerAccountItem[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKeys.partition(owner.frchId, owner.userId), ':prefix': brokerAccountKeys.prefix },
  });
  return items.map((raw) => brokerAccountItemSchema.parse(raw));
}

/** What an update sets and removes; `null` values are stored as null. */
export interface AccountChanges {
  readonly set?: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
}

/** The precondition of an update: the account's status is one of these (and, optionally, its version). */
export interface AccountPrecondition {
  readonly statuses: readonly BrokerStatus[];
  readonly version?: number;
}

function updateInput(owner: AccountOwner, accountId: string, changes: AccountChanges, precondition: AccountPrecondition, now: Date) {
  const set = { ...changes.set, updatedAt: now.toISOString() };
  const names: Record<string, string> = { '#status': 'status', '#v': 'v' };
  const values: Record<string, unknown> = { ':one': 1 };
  const assignments = Object.entries(set).map(([name, value], index) => {
    names[`#s${index}`] = name;
    values[`:s${index}`] = value;
    return `#s${index} = :s${index}`;
  });
  const removals = (changes.remove ?? []).map((name, index) => {
    names[`#r${index}`] = name;
    return `#r${index}`;
  });
  const statusTests = precondition.statuses.map((status, index) => {
    values[`:c${index}`] = status;
    return `#status = :c${index}`;
  });
  if (precondition.version !== undefined) values[':version'] = precondition.version;
  const versionTest = precondition.version === undefined ? '' : ' AND #v = :version';
  return {
    TableName: tableName(),
    Key: accountKey(owner, accountId),
    UpdateExpression: `SET ${assignments.join(', ')}${removals.length ? ` REMOVE ${removals.join(', ')}` : ''} ADD #v :one`,
    ConditionExpression: `attribute_exists(PK) AND (${statusTests.join(' OR ')})${versionTest}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** A conditional update: the stored account after it, or null when the precondition did not hold. */
export async function updateBrokerAccount(
  owner: AccountOwner,
  accountId: string,
  changes: AccountChanges,
  precondition: AccountPrecondition,
  now = clockNow(),
): Promise<BrokerAccountItem | null> {
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({ ...updateInput(owner, accountId, changes, precondition, now), ReturnValues: 'ALL_NEW' }));
    return parseAccount(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** The index attributes of a session: set while the account is connected with a session that ends, removed otherwise. */
export function sessionIndexChanges(account: BrokerAccountItem, owner: AccountOwner, status: BrokerStatus, validUntil: string | null): AccountChanges {
  const entry = status === 'connected' ? sessionIndexEntry(account, owner, validUntil) : null;
  return entry ? { set: entry } : { remove: ['GSI1PK', 'GSI1SK'] };
}

/** Connected real-broker sessions that end at or before `nowIso`, over every shard of the session index. */
export async function* listDueSessions(nowIso: string): AsyncGenerator<BrokerAccountItem> {
  for (let shard = 0; shard < brokerSessionIndexKeys.shards; shard += 1) yield* listDueSessionsOfShard(shard, nowIso);
}

async function* listDueSessionsOfShard(shard: number, nowIso: string): AsyncGenerator<BrokerAccountItem> {
  const pages = queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
    ExpressionAttributeValues: { ':pk': brokerSessionIndexKeys.partition(shard), ':now': `${nowIso}~` },
  });
  for await (const page of pages) for (const raw of page.items) yield brokerAccountItemSchema.parse(raw);
}

const idempotencyRecordSchema = z.object({ fingerprint: z.string(), outcome: z.record(z.string(), z.unknown()) });

export async function getIdempotencyRecord(owner: AccountOwner, operation: string, key: string): Promise<z.infer<typeof idempotencyRecordSchema> | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: idempotencyKeys.item(owner.frchId, owner.userId, operation, key), ConsistentRead: true }),
  );
  return Item ? idempotencyRecordSchema.parse(Item) : null;
}

/**
 * The account's new subscription, written in the wallet's transaction with its debit
 * (functions/wallet): only if the account is live and unchanged since it was read.
 */
export function subscriptionUpdateItem(owner: AccountOwner, account: BrokerAccountItem, subscription: Readonly<Record<string, unknown>>, now = clockNow()): TransactItem {
  return { Update: updateInput(owner, account.broker_id, { set: subscription }, { statuses: ['available', 'connected', 'expired'], version: account.v }, now) };
}

/**
 * The account's removal (`→ deleted`, secrets wiped), written in the wallet's transaction with its
 * refund: only if the account is unchanged since it was read.
 */
export function accountRemovalItem(owner: AccountOwner, account: BrokerAccountItem, changes: AccountChanges, now = clockNow()): TransactItem {
  return { Update: updateInput(owner, account.broker_id, changes, { statuses: [account.status], version: account.v }, now) };
}
