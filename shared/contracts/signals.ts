import * as z from 'zod';
import { MAX_PAGE_SIZE } from '../domain/constants';
import { defineCall } from './define-call';
import { bridgeIdField } from './bridge';

/**
 * The signal log (issue 6, route group `bridge`): every webhook signal of the caller, any bridge kind,
 * newest first, with its status, the reason, what was wrong with a refused body, the raw body as it
 * arrived, each account's result and the timeline; and the replay of a failed signal.
 *
 * Statuses: queued (waiting for the worker), executed, partially_executed, rejected (unreadable body or
 * a contract the master cannot answer), expired (picked up past its validity window), failed (could
 * not be executed: the trader may replay it), ignored (bridge disconnected, trading off or deleted).
 * The status, event and outcome lists are the stored ones too (functions/data/signals-repository.ts).
 */
export const SIGNAL_LOG_STATUSES = ['queued', 'rejected', 'ignored', 'executed', 'partially_executed', 'expired', 'failed'] as const;
export const signalLogStatusSchema = z.enum(SIGNAL_LOG_STATUSES, { error: `The status must be one of ${SIGNAL_LOG_STATUSES.join(', ')}.` });
export const SIGNAL_BRIDGE_KINDS = ['json', 'custom'] as const;
export const SIGNAL_RESULT_OUTCOMES = ['entered', 'waiting', 'exited', 'cancelled', 'failed', 'unknown', 'skipped'] as const;
export const SIGNAL_TIMELINE_EVENTS = [
  'received',
  'queued',
  'enqueued',
  'rejected',
  'ignored',
  'picked_up',
  'resolved',
  'order_sent',
  'order_acknowledged',
  'executed',
  'partially_executed',
  'expired',
  'failed',
  'error',
  'replayed',
] as const;

export const SIGNAL_NOT_FOUND_MESSAGE = 'Signal not found';
export const SIGNAL_NOT_REPLAYABLE_MESSAGE = 'Only a failed signal can be replayed.';
export const SIGNAL_CHANGED_MESSAGE = 'The signal changed meanwhile. Please refresh and try again.';

/** Signal ids are 64 hex characters (functions/signals/signal-identity.ts). */
export const signalIdField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'Enter a valid signal id.');

export const signalResultSchema = z.object({
  /** `order` for a JSON bridge, the trigger id for a custom bridge, `close` for a position closed first. */
  plan_id: z.string(),
  /** Null when the plan never reached an account (its contract or group was not found). */
  broker_id: z.string().nullable(),
  op_id: z.string().nullable(),
  outcome: z.enum(SIGNAL_RESULT_OUTCOMES),
  reason: z.string().nullable(),
  order_id: z.string().nullable(),
});

export const signalTimelineEntrySchema = z.object({
  at: z.string(),
  event: z.enum(SIGNAL_TIMELINE_EVENTS),
  note: z.string().nullable(),
});

export const signalViewSchema = z.object({
  signal_id: z.string(),
  bridge_kind: z.enum(SIGNAL_BRIDGE_KINDS),
  bridge_id: z.string(),
  /** The bridge's current name; '' when it was deleted since. */
  bridge_name: z.string(),
  received_at: z.string(),
  /** What the body was read as (tradingview-json, tradingview-text, chartink, action-json, …); null when unreadable. */
  source: z.string().nullable(),
  status: signalLogStatusSchema,
  reason: z.string().nullable(),
  problems: z.array(z.object({ path: z.string(), message: z.string() })),
  raw_body: z.string(),
  raw_body_truncated: z.boolean(),
  results: z.array(signalResultSchema),
  timeline: z.array(signalTimelineEntrySchema),
  /** Only a failed signal can be replayed. */
  can_replay: z.boolean(),
});
export type SignalView = z.infer<typeof signalViewSchema>;

export const getBridgeSignalsRequestSchema = z.strictObject({
  /** One bridge's signals (JSON or custom); all the caller's when left out. */
  bridge_id: bridgeIdField.optional(),
  status: signalLogStatusSchema.optional(),
  cursor: z.string().max(2048).optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
export type GetBridgeSignalsRequest = z.infer<typeof getBridgeSignalsRequestSchema>;

export const signalPageSchema = z.object({ items: z.array(signalViewSchema), next_cursor: z.string().nullable() });

export const signalContracts = {
  getBridgeSignals: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/getbridgesignals',
    role: 'user',
    summary:
      "The caller's webhook signals, newest first, a page at a time (next_cursor): one bridge's (JSON or custom) or all of them, optionally of one status, each with its results per account and its timeline. With a status filter a page may hold fewer than `limit` while next_cursor says more may follow.",
    request: getBridgeSignalsRequestSchema,
    response: signalPageSchema,
  }),
  replaySignal: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/replaysignal',
    role: 'user',
    summary:
      'Sends a failed signal to the worker again; it runs like the first time (executed once per account, expired if past its validity window). 422 for a signal that did not fail, 404 for another user\'s.',
    request: z.strictObject({ signal_id: signalIdField }),
    response: signalViewSchema,
    activity: 'Replayed a signal',
    specExtension: 'Issue 6: failed signals (DLQ) are listed and can be replayed from the UI; the spec lists no call for the replay.',
  }),
};
