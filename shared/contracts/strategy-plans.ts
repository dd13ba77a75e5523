import * as z from 'zod';
import { defineCall } from './define-call';
import { groupIdField } from './orders';
import { rupeeAmountField } from './payments';

/**
 * Route group `strategies` (spec §7 "Strategies"), plans: a group strategy (a broker panel's group with
 * `is_strategy` on, named by its `group_id`) sells copies of itself through plans. A plan is withdrawn,
 * never erased: subscriptions taken on it run to their end, but it is no longer offered. Strategy calls
 * answer failures with `status false` and `msg` (spec §8).
 */
export const STRATEGY_NOT_FOUND_MESSAGE = 'Strategy not found';
export const STRATEGY_OWNER_ONLY_MESSAGE = 'Only a broker panel manages group strategies.';
export const STRATEGY_PLAN_NOT_FOUND_MESSAGE = 'Plan not found';
export const MAX_PLAN_DURATION_DAYS = 366;
export const MAX_PLAN_LABEL_LENGTH = 40;
export const MAX_MIN_CAPITAL_NOTE_LENGTH = 200;

const PLAN_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const strategyPlanIdField = z.string().trim().toUpperCase().regex(PLAN_ID_PATTERN, 'Enter a valid plan id.');

export const strategyPlanSchema = z.object({
  plan_id: z.string(),
  group_id: z.string(),
  label: z.string(),
  duration_days: z.number().int(),
  /** Price in credits (one credit is one rupee), whole paise. */
  price_credits: z.number(),
  min_capital_note: z.string().nullable(),
  /** Withdrawn plans are shown to the owner only (existing subscriptions keep running on them). */
  withdrawn: z.boolean(),
  withdrawn_at: z.string().nullable(),
  created_at: z.string(),
});
export type StrategyPlan = z.infer<typeof strategyPlanSchema>;

const byStrategy = z.strictObject({ group_id: groupIdField });

export const addStrategyPlanRequestSchema = z.strictObject({
  group_id: groupIdField,
  label: z.string().trim().min(1, 'Enter a plan label.').max(MAX_PLAN_LABEL_LENGTH, `A plan label has at most ${MAX_PLAN_LABEL_LENGTH} characters.`),
  duration_days: z
    .number({ error: 'Enter the duration in days.' })
    .int('The duration is a whole number of days.')
    .min(1, 'The duration must be at least 1 day.')
    .max(MAX_PLAN_DURATION_DAYS, `The duration is at most ${MAX_PLAN_DURATION_DAYS} days.`),
  price_credits: rupeeAmountField,
  min_capital_note: z.string().trim().max(MAX_MIN_CAPITAL_NOTE_LENGTH, `The note has at most ${MAX_MIN_CAPITAL_NOTE_LENGTH} characters.`).optional(),
});

export const strategyPlanContracts = {
  getStrategyPlans: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/getstrategyplans',
    role: 'user',
    summary:
      "A strategy's plans, oldest first: to a viewer (PUBLIC: any user of the franchise; PRIVATE: a permitted user) the plans still offered; to the owner every plan, withdrawn ones included. Others: 404.",
    request: byStrategy,
    response: z.array(strategyPlanSchema),
    withMsg: true,
  }),
  addStrategyPlan: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/addstrategyplan',
    role: 'brokerPanel',
    summary: "Adds a plan to one of the caller's strategies: label, duration in days (1–366), price in credits (> 0, whole paise), optional minimum-capital note.",
    request: addStrategyPlanRequestSchema,
    response: strategyPlanSchema,
    withMsg: true,
    activity: 'Added strategy plan',
  }),
  deleteStrategyPlan: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/deletestrategyplan',
    role: 'brokerPanel',
    summary: 'Withdraws a plan: no longer offered, kept for the subscriptions taken on it (they run to their end). A plan already withdrawn is 404.',
    request: z.strictObject({ group_id: groupIdField, plan_id: strategyPlanIdField }),
    response: strategyPlanSchema,
    withMsg: true,
    activity: 'Withdrew strategy plan',
  }),
};
