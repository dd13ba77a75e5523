import * as z from 'zod';
import { parseDay } from '../domain/market-clock';
import { defineCall } from './define-call';
import { groupIdField } from './orders';
import { payloadDateSchema } from './paging';

/**
 * Strategy records (spec §1, §7 "Strategies"): the owner's own entries on a group strategy (date, title,
 * notes, P&L figure) and, beside them, the record the platform computes from the master account's actual
 * fills per India trading day (trades, realized P&L, win rate), labelled computed and never editable.
 * A strategy is named by its group id (`group_id`, as the other strategy calls); records are ULIDs under the owner's group.
 */

/**
 * Why records are not public: SEBI's 2022 circular bars referring to past or expected returns of algos
 * (../shared/reference/money-hierarchy-egress.md §4, §5.2). The one text both the answer and the UI show.
 */
export const STRATEGY_RECORDS_NOTICE =
  'These records are shown only to the owner, subscribers and permitted users of this strategy, never on a public page: SEBI rules do not allow advertising the past returns of an algo. They are trade logs, not a promise of future returns.';
export const STRATEGY_RECORD_NOT_FOUND_MESSAGE = 'Strategy record not found';
export const STRATEGY_RECORD_CHANGED_MESSAGE = 'The record changed meanwhile. Please reload it and try again.';
export const FUTURE_RECORD_DATE_MESSAGE = 'The record date cannot be in the future.';
export const RECORD_RANGE_MESSAGE = 'Choose a date range of at most 93 days, with the start not after the end.';
/** Longest range of `getstrategyrecords`, in days (inclusive); the default is the last 30. */
export const MAX_RECORD_RANGE_DAYS = 93;
export const DEFAULT_RECORD_RANGE_DAYS = 30;

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const strategyRecordIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid record id.');
export const recordDateField = payloadDateSchema.refine((text) => parseDay(text) !== null, 'Enter a real date.');
/** Rupees with at most two decimals, as the owner reports them (may be negative: a losing day). */
export const recordPnlField = z
  .number('Enter the P&L in rupees.')
  .min(-1_000_000_000, 'Enter a P&L of at most ₹100 crore either way.')
  .max(1_000_000_000, 'Enter a P&L of at most ₹100 crore either way.')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Enter the P&L with at most two decimals.');

const recordFields = {
  date: recordDateField,
  title: z.string().trim().min(1, 'Enter a title.').max(80, 'Keep the title to 80 characters.'),
  notes: z.string().trim().max(1000, 'Keep the notes to 1000 characters.').default(''),
  pnl: recordPnlField,
};

/** One of the owner's entries, as answered. `version` is passed back on update (optimistic concurrency). */
export const strategyRecordSchema = z.object({
  record_id: z.string(),
  group_id: z.string(),
  date: z.string(),
  title: z.string(),
  notes: z.string(),
  pnl: z.number(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StrategyRecord = z.infer<typeof strategyRecordSchema>;

/** One India trading day computed from the master's fills. P&L in rupees; win rate null without a closed round trip. */
export const computedDaySchema = z.object({
  date: z.string(),
  trades: z.number().int().min(0),
  realized_pnl: z.number(),
  closed_round_trips: z.number().int().min(0),
  winning_round_trips: z.number().int().min(0),
  /** Percent (0–100, two decimals) of closed round trips with a profit. */
  win_rate: z.number().min(0).max(100).nullable(),
});
export type ComputedDay = z.infer<typeof computedDaySchema>;

export const strategyRecordsAnswerSchema = z.object({
  group_id: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  notice: z.string(),
  records: z.array(strategyRecordSchema),
  computed: z.object({
    label: z.literal('computed'),
    /** The master account the days were computed from; null while the strategy has none (then no days). */
    master_broker_id: z.string().nullable(),
    days: z.array(computedDaySchema),
  }),
});
export type StrategyRecordsAnswer = z.infer<typeof strategyRecordsAnswerSchema>;

const byStrategy = { group_id: groupIdField };

export const getStrategyRecordsRequestSchema = z.strictObject({
  ...byStrategy,
  from_date: payloadDateSchema.optional(),
  to_date: payloadDateSchema.optional(),
});
export const addStrategyRecordRequestSchema = z.strictObject({ ...byStrategy, ...recordFields });
export const updateStrategyRecordRequestSchema = z.strictObject({
  ...byStrategy,
  record_id: strategyRecordIdField,
  version: z.number().int().min(1),
  ...recordFields,
});
export const deleteStrategyRecordRequestSchema = z.strictObject({ ...byStrategy, record_id: strategyRecordIdField });
export type AddStrategyRecordRequest = z.infer<typeof addStrategyRecordRequestSchema>;
export type UpdateStrategyRecordRequest = z.infer<typeof updateStrategyRecordRequestSchema>;

export const strategyRecordContracts = {
  getStrategyRecords: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/getstrategyrecords',
    role: 'user',
    summary:
      "A strategy's records for the owner, its subscribers and permitted users (404 otherwise): the owner's entries newest first and the record computed per trading day from the master's fills, in a date range (default the last 30 days, at most 93). Failures also carry `msg` (spec §8).",
    request: getStrategyRecordsRequestSchema,
    response: strategyRecordsAnswerSchema,
    withMsg: true,
  }),
  addStrategyRecord: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/addstrategyrecord',
    role: 'user',
    summary: "Adds an entry to the owner's strategy records (broker panel owner only; a date not in the future). Failures also carry `msg` (spec §8).",
    request: addStrategyRecordRequestSchema,
    response: strategyRecordSchema,
    withMsg: true,
    activity: 'Added a strategy record',
  }),
  updateStrategyRecord: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/updatestrategyrecord',
    role: 'user',
    summary: "Changes one of the owner's strategy records at the version read (409 when it changed meanwhile). Failures also carry `msg` (spec §8).",
    request: updateStrategyRecordRequestSchema,
    response: strategyRecordSchema,
    withMsg: true,
    activity: 'Changed a strategy record',
  }),
  deleteStrategyRecord: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/deletestrategyrecord',
    role: 'user',
    summary: "Deletes one of the owner's strategy records. Failures also carry `msg` (spec §8).",
    request: deleteStrategyRecordRequestSchema,
    response: z.object({ record_id: z.string() }),
    withMsg: true,
    activity: 'Deleted a strategy record',
  }),
};
