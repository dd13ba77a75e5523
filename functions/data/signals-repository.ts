import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { SIGNAL_BRIDGE_KINDS, SIGNAL_LOG_STATUSES, SIGNAL_RESULT_OUTCOMES as RESULT_OUTCOMES, SIGNAL_TIMELINE_EVENTS } from '../../shared/contracts/signals';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { transact } from './shared-transactions';
import { decodeCursor, encodeCursor } from './cursor';
import { signalKeys, userKeys } from './keys';
import { countAllPages, isConditionFailure, tableName, writeIfConditionHolds } from './table';
import { TABLE_ITEMS, type ItemSource } from './item-source';

/**
 * Webhook signals (docs/data-model.md): one item per signal id in the owner's partition, written once
 * with `attribute_not_exists`, so a resend of the same signal finds the first one instead of making
 * another (and is never enqueued twice). The raw body is kept (cut to a whole character) so the user
 * can see what arrived, including what was refused.
 *
 * Execution (issue 6): the worker moves a `queued` signal to one final status once — executed,
 * partially_executed, rejected, expired, ignored — or to `failed` (it could not finish; the message went
 * to the DLQ), from which only a replay moves it back to `queued`. Each move is conditional on the
 * status it was decided from, so a redelivery or a racing worker never writes a second outcome.
 */
export const SIGNAL_STATUSES = SIGNAL_LOG_STATUSES;

/** Which kind of bridge a signal arrived on: a JSON bridge (order fields) or a custom bridge (a direction for its triggers). */
export const BRIDGE_KINDS = SIGNAL_BRIDGE_KINDS;
export type BridgeKind = (typeof BRIDGE_KINDS)[number];
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

/**
 * The timeline's events: `enqueued` marks the message as sent, so a crash between store and send is
 * healed by a resend; the worker adds picked_up, resolved, each order sent / acknowledged and the final
 * status; `error` records an unexpected failure of one run (the queue retries it), `replayed` a replay.
 */
export const SIGNAL_EVENTS = SIGNAL_TIMELINE_EVENTS;
export type SignalEvent = (typeof SIGNAL_EVENTS)[number];

/** Bodies are at most 64 KB; a fraction of that tells the user what arrived and keeps items small. */
export const SIGNAL_RAW_BODY_MAX_BYTES = 16 * 1024;

const timelineEntrySchema = z.object({ at: z.string(), event: z.enum(SIGNAL_EVENTS), note: z.string().optional() });
export type SignalTimelineEntry = z.infer<typeof timelineEntrySchema>;

/** How one plan fared on one account (or, with no account, why the plan was not made). */
export const SIGNAL_RESULT_OUTCOMES = RESULT_OUTCOMES;
export const signalResultSchema = z.object({
  plan_id: z.string(),
  broker_id: z.string().nullable(),
  op_id: z.string().nullable(),
  outcome: z.enum(SIGNAL_RESULT_OUTCOMES),
  reason: z.string().nullable(),
  order_id: z.string().nullable(),
});
export type SignalResult = z.infer<typeof signalResultSchema>;

export const signalItemSchema = z.object({
  signal_id: z.string(),
  bridge_kind: z.enum(BRIDGE_KINDS),
  bridge_id: z.string(),
  frch_id: z.number().int(),
  user_id: z.number().int(),
  received_at: z.string(),
  raw_body: z.string(),
  raw_body_truncated: z.boolean(),
  content_type: z.string().nullable(),
  /** What the body was read as; null when it could not be read. */
  source: z.string().nullable(),
  status: z.enum(SIGNAL_STATUSES),
  reason: z.string().nullable(),
  /** What was wrong with a rejected body, by field. */
  problems: z.array(z.object({ path: z.string(), message: z.string() })),
  timeline: z.array(timelineEntrySchema),
  /** Per plan and account, once the worker has run it (items stored before issue 6 have none). */
  results: z.array(signalResultSchema).default([]),
  /** Replays so far: the next one's queue deduplication id is `<signal_id>:r<n>`. */
  replay_count: z.number().int().min(0).default(0),
});
export type SignalItem = z.infer<typeof signalItemSchema>;

export interface NewSignal {
  readonly signalId: string;
  readonly frchId: number;
  readonly userId: number;
  readonly bridgeKind: BridgeKind;
  readonly bridgeId: string;
  readonly receivedAt: Date;
  readonly rawBody: string;
  readonly contentType: string | null;
  /** The parser's `SignalSource`; null when the body could not be read. */
  readonly source: string | null;
  readonly status: SignalStatus;
  readonly reason: string | null;
  readonly problems: readonly { readonly path: string; readonly message: string }[];
}

/** The body's first `maxBytes` bytes, backed off to a character boundary so no UTF-8 sequence is split. */
export function truncateUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return { text, truncated: false };
  let end = maxBytes;
  // 10xxxxxx is a continuation byte: the character it belongs to started before `end`.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return { text: bytes.subarray(0, end).toString('utf8'), truncated: true };
}

function itemOf(signal: NewSignal): SignalItem {
  const at = signal.receivedAt.toISOString();
  const body = truncateUtf8(signal.rawBody, SIGNAL_RAW_BODY_MAX_BYTES);
  return {
    signal_id: signal.signalId,
    bridge_kind: signal.bridgeKind,
    bridge_id: signal.bridgeId,
    frch_id: signal.frchId,
    user_id: signal.userId,
    received_at: at,
    raw_body: body.text,
    raw_body_truncated: body.truncated,
    content_type: signal.contentType,
    source: signal.source,
    status: signal.status,
    reason: signal.reason,
    problems: signal.problems.map(({ path, message }) => ({ path, message })),
    timeline: [
      { at, event: 'received' },
      { at, event: signal.status },
    ],
    results: [],
    replay_count: 0,
  };
}

export type StoreOutcome = { readonly stored: true; readonly item: SignalItem } | { readonly stored: false; readonly existing: SignalItem };

/** Stores a new signal; a signal id already stored answers the stored item instead (a resend). */
export async function storeSignal(signal: NewSignal): Promise<StoreOutcome> {
  const item = itemOf(signal);
  const key = signalKeys.item(signal.frchId, signal.userId, signal.signalId);
  const stored = await writeIfConditionHolds(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          ...signalKeys.byBridge(signal.frchId, signal.userId, signal.bridgeId, item.received_at, signal.signalId),
          ...signalKeys.byUser(signal.frchId, signal.userId, item.received_at, signal.signalId),
          entity: 'signal',
          ...item,
          createdAt: item.received_at,
          updatedAt: item.received_at,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
  if (stored) return { stored: true, item };
  const existing = await getSignal(signal.frchId, signal.userId, signal.signalId);
  if (!existing) throw new Error(`signal ${signal.signalId} vanished after its put was refused`);
  return { stored: false, existing };
}

export async function getSignal(frchId: number, userId: number, signalId: string, items: ItemSource = TABLE_ITEMS): Promise<SignalItem | null> {
  const item = await items.get(signalKeys.item(frchId, userId, signalId));
  return item ? signalItemSchema.parse(item) : null;
}

/** Appends a timeline event (e.g. `enqueued` once the queue took the message). */
export async function appendSignalEvent(frchId: number, userId: number, signalId: string, event: SignalEvent, now = clockNow()): Promise<void> {
  const at = now.toISOString();
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: signalKeys.item(frchId, userId, signalId),
      UpdateExpression: 'SET timeline = list_append(timeline, :entry), updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':entry': [{ at, event }], ':now': at },
    }),
  );
}

/** Appends timeline events whatever the status (an unexpected error of one run, kept for the user to see). */
export async function appendSignalEvents(frchId: number, userId: number, signalId: string, entries: readonly SignalTimelineEntry[], now = clockNow()): Promise<void> {
  if (entries.length === 0) return;
  // Through the group commit: the worker's pick-up shares one round trip with the run's first entry write.
  const failed = await transact([
    {
      Update: {
        TableName: tableName(),
        Key: signalKeys.item(frchId, userId, signalId),
        UpdateExpression: 'SET timeline = list_append(timeline, :entries), updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':entries': entries, ':now': now.toISOString() },
      },
    },
  ]);
  if (failed.length > 0) throw new Error(`Signal ${signalId} is gone; its timeline was not extended`);
}

export interface SignalTransition {
  readonly from: SignalStatus;
  readonly to: SignalStatus;
  readonly reason: string | null;
  /** Replaces the per-account results when given. */
  readonly results?: readonly SignalResult[];
  readonly events: readonly SignalTimelineEntry[];
  /** Counts a replay (failed → queued). */
  readonly countReplay?: boolean;
}

/**
 * Moves a signal from `from` to `to` with its reason, results and timeline events in one conditional
 * write: the signal as it is afterwards, or null when it was no longer in `from` (another run or a
 * replay moved it first), in which case nothing is written.
 */
export async function transitionSignal(frchId: number, userId: number, signalId: string, transition: SignalTransition, now = clockNow()): Promise<SignalItem | null> {
  const sets = ['#status = :to', 'reason = :reason', 'timeline = list_append(timeline, :entries)', 'updatedAt = :now'];
  const values: Record<string, unknown> = { ':from': transition.from, ':to': transition.to, ':reason': transition.reason, ':entries': transition.events, ':now': now.toISOString() };
  if (transition.results) {
    sets.push('results = :results');
    values[':results'] = transition.results;
  }
  if (transition.countReplay) {
    sets.push('replay_count = if_not_exists(replay_count, :zero) + :one');
    values[':zero'] = 0;
    values[':one'] = 1;
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signalKeys.item(frchId, userId, signalId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK) AND #status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return signalItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export interface SignalListQuery {
  /** One bridge's signals (GSI1), or all the owner's (GSI2). */
  readonly bridgeId: string | null;
  readonly status: SignalStatus | null;
  readonly limit: number;
  readonly cursor: string | undefined;
}

export interface SignalPage {
  readonly items: SignalItem[];
  readonly nextCursor: string | null;
}

const SIGNAL_INDEXES = {
  bridge: { index: 'GSI1', pk: 'GSI1PK' },
  user: { index: 'GSI2', pk: 'GSI2PK' },
} as const;

/**
 * The owner's signals, newest first, one page at a time. With a status filter DynamoDB filters after
 * reading `limit` items, so a page may hold fewer (even none) while `nextCursor` says more may follow.
 */
export async function listSignals(frchId: number, userId: number, query: SignalListQuery): Promise<SignalPage> {
  const { index, pk } = query.bridgeId === null ? SIGNAL_INDEXES.user : SIGNAL_INDEXES.bridge;
  const partition = query.bridgeId === null ? signalKeys.userPartition(frchId, userId) : signalKeys.bridgePartition(frchId, userId, query.bridgeId);
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${pk} = :pk`,
      ...(query.status === null ? {} : { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } }),
      ExpressionAttributeValues: { ':pk': partition, ...(query.status === null ? {} : { ':status': query.status }) },
      ScanIndexForward: false,
      Limit: query.limit,
      ExclusiveStartKey: decodeCursor(query.cursor, userKeys.partition(frchId, userId)),
    }),
  );
  return { items: (page.Items ?? []).map((item) => signalItemSchema.parse(item)), nextCursor: encodeCursor(page.LastEvaluatedKey) };
}

/**
 * How many signals arrived on a bridge since an instant (the bridge's `today_signal_count`): a COUNT
 * query on the signals' by-bridge index (GSI1), whose sort key starts with the arrival time.
 */
export async function countBridgeSignalsSince(owner: { readonly frchId: number; readonly userId: number }, bridgeId: string, since: Date): Promise<number> {
  return countAllPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :since',
    ExpressionAttributeValues: { ':pk': signalKeys.bridgePartition(owner.frchId, owner.userId, bridgeId), ':since': since.toISOString() },
  });
}
