import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../platform/clients';
import { signalKeys } from './keys';
import { tableName, writeIfConditionHolds } from './table';

/**
 * Webhook signals (docs/data-model.md): one item per signal id in the owner's partition, written once
 * with `attribute_not_exists`, so a resend of the same signal finds the first one instead of making
 * another (and is never enqueued twice). The raw body is kept (cut to a whole character) so the user
 * can see what arrived, including what was refused. Later parts add the execution statuses.
 */
export const SIGNAL_STATUSES = ['queued', 'rejected', 'ignored'] as const;

/** Which kind of bridge a signal arrived on: a JSON bridge (order fields) or a custom bridge (a direction for its triggers). */
export const BRIDGE_KINDS = ['json', 'custom'] as const;
export type BridgeKind = (typeof BRIDGE_KINDS)[number];
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

/** The timeline's events: `enqueued` marks the message as sent, so a crash between store and send is healed by a resend. */
export const SIGNAL_EVENTS = ['received', 'queued', 'enqueued', 'rejected', 'ignored'] as const;
export type SignalEvent = (typeof SIGNAL_EVENTS)[number];

/** Bodies are at most 64 KB; a fraction of that tells the user what arrived and keeps items small. */
export const SIGNAL_RAW_BODY_MAX_BYTES = 16 * 1024;

const timelineEntrySchema = z.object({ at: z.string(), event: z.enum(SIGNAL_EVENTS) });

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

export async function getSignal(frchId: number, userId: number, signalId: string): Promise<SignalItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: signalKeys.item(frchId, userId, signalId), ConsistentRead: true }));
  return Item ? signalItemSchema.parse(Item) : null;
}

export function wasEnqueued(item: SignalItem): boolean {
  return item.timeline.some((entry) => entry.event === 'enqueued');
}

/** Appends a timeline event (e.g. `enqueued` once the queue took the message). */
export async function appendSignalEvent(frchId: number, userId: number, signalId: string, event: SignalEvent, now = new Date()): Promise<void> {
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
