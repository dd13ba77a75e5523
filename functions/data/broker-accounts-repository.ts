import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { brokerKindSchema } from '../../shared/contracts/broker';
import { brokerStatusSchema, type BrokerStatus } from '../../shared/domain/states';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { sealedFieldsSchema } from '../platform/secrets/sealed-secret';
import { brokerAccountKeys, brokerSessionIndexKeys, idempotencyKeys, ledgerKeys, paperStateKeys, userKeys } from './keys';
import { isConditionFailure, queryAllPages, queryPages, tableName } from './table';
import { TABLE_ITEMS, type ItemSource } from './item-source';

/** Whose items: always the verified caller (or, for the schedule, the owner read from the index). */
export interface AccountOwner {
  readonly frchId: number;
  readonly userId: number;
}

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

/** A wallet movement written in the same transaction as what it pays for (DESIGN.md §5 "Money"). */
export interface WalletMovement {
  readonly type: 'credit' | 'debit';
  readonly amount: number;
  /** The balance the movement was computed from: the transaction fails if it changed meanwhile. */
  readonly balanceBefore: number;
  readonly entryId: string;
  readonly description: string;
  readonly reference: Readonly<Record<string, string>>;
}

function walletItems(owner: AccountOwner, movement: WalletMovement, now: Date) {
  const balanceAfter = movement.type === 'debit' ? movement.balanceBefore - movement.amount : movement.balanceBefore + movement.amount;
  const at = now.toISOString();
  const enough = movement.type === 'debit' ? ' AND current_credit >= :amount' : '';
  return [
    {
      Update: {
        TableName: tableName(),
        Key: userKeys.profile(owner.frchId, owner.userId),
        UpdateExpression: 'SET current_credit = :after, updatedAt = :at',
        ConditionExpression: `current_credit = :before${enough}`,
        ExpressionAttributeValues: { ':after': balanceAfter, ':at': at, ':before': movement.balanceBefore, ...(enough ? { ':amount': movement.amount } : {}) },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...ledgerKeys.item(owner.frchId, owner.userId, at, movement.entryId),
          entity: 'ledger',
          id: movement.entryId,
          type: movement.type,
          amount: movement.amount,
          balance_after: balanceAfter,
          description: movement.description,
          reference: movement.reference,
          createdAt: at,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** `conflict`: another transaction touched the same items at the same time (retry with fresh reads). */
export type TransactionOutcome = 'written' | 'balance-changed' | 'account-changed' | 'key-used' | 'conflict';

async function transact(items: readonly object[], labels: readonly TransactionOutcome[]): Promise<TransactionOutcome> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: [...items] }));
    return 'written';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
    const failedCondition = codes.indexOf('ConditionalCheckFailed');
    const label = failedCondition >= 0 ? labels[failedCondition] : undefined;
    if (label) return label;
    if (codes.includes('TransactionConflict')) return 'conflict';
    throw error;
  }
}

export interface IdempotencyRecord {
  readonly operation: string;
  readonly key: string;
  /** What the request asked (so the same key with another request is refused). */
  readonly fingerprint: string;
  readonly outcome: Readonly<Record<string, unknown>>;
}

/** Idempotency records are kept for 7 days (reliability M3: at least 24 h). */
const IDEMPOTENCY_RETENTION_SECONDS = 7 * 86_400;
const idempotencyRecordSchema = z.object({ fingerprint: z.string(), outcome: z.record(z.string(), z.unknown()) });

export async function getIdempotencyRecord(owner: AccountOwner, operation: string, key: string): Promise<z.infer<typeof idempotencyRecordSchema> | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: idempotencyKeys.item(owner.frchId, owner.userId, operation, key), ConsistentRead: true }),
  );
  return Item ? idempotencyRecordSchema.parse(Item) : null;
}

/**
 * One transaction: the wallet debit with its ledger entry, the account's new subscription (only if
 * the account is unchanged since it was read) and the idempotency record (only if the key is new).
 */
export function writeSubscriptionPurchase(
  owner: AccountOwner,
  account: BrokerAccountItem,
  subscription: Readonly<Record<string, unknown>>,
  movement: WalletMovement,
  record: IdempotencyRecord,
  now = clockNow(),
): Promise<TransactionOutcome> {
  const accountUpdate = { Update: updateInput(owner, account.broker_id, { set: subscription }, { statuses: ['available', 'connected', 'expired'], version: account.v }, now) };
  const recordPut = {
    Put: {
      TableName: tableName(),
      Item: {
        ...idempotencyKeys.item(owner.frchId, owner.userId, record.operation, record.key),
        entity: 'idempotency',
        fingerprint: record.fingerprint,
        outcome: record.outcome,
        createdAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  return transact([...walletItems(owner, movement, now), accountUpdate, recordPut], ['balance-changed', 'balance-changed', 'account-changed', 'key-used']);
}

/** One transaction: the account moves to `deleted` with its secrets wiped, and the refund (if any) is credited. */
export function writeAccountRemoval(
  owner: AccountOwner,
  account: BrokerAccountItem,
  changes: AccountChanges,
  refund: WalletMovement | null,
  now = clockNow(),
): Promise<TransactionOutcome> {
  const accountUpdate = { Update: updateInput(owner, account.broker_id, changes, { statuses: [account.status], version: account.v }, now) };
  if (!refund) return transact([accountUpdate], ['account-changed']);
  return transact([accountUpdate, ...walletItems(owner, refund, now)], ['account-changed', 'balance-changed', 'balance-changed']);
}
