import * as z from 'zod';
import { MAX_PAGE_SIZE } from '../domain/constants';
import { defineCall } from './define-call';
import { emailField } from './fields';
import { groupIdField } from './orders';

/**
 * Route group `strategies`, permissions: who may view (and later subscribe to) a PRIVATE strategy. The
 * owner (a broker panel) manages every user of its franchise (ADR 0013) and permits them by email.
 * Revoking a permission ends viewing and new subscriptions; a paid subscription runs to its end.
 */
export const MAX_PERMISSION_EMAILS = 100;
export const UNKNOWN_STRATEGY_EMAILS_MESSAGE = 'These emails are not users of your franchise:';

export const strategyPermissionUserSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** Whether the user is permitted to view this strategy. */
  permitted: z.boolean(),
});
export type StrategyPermissionUser = z.infer<typeof strategyPermissionUserSchema>;

export const strategyPermissionContracts = {
  getSubUserEmails: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/getsubuseremails',
    role: 'brokerPanel',
    summary:
      "The users of the caller's franchise it may permit to view one of its strategies, in id order, each with whether it is permitted; `search` matches name, email, mobile or id; offset paging; `total` counts the filtered list.",
    request: z.strictObject({
      group_id: groupIdField,
      search: z.string().trim().max(100).optional(),
      offset: z.number().int().min(0).max(1_000_000).default(0),
      limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    }),
    response: z.object({ items: z.array(strategyPermissionUserSchema), total: z.number().int() }),
    withMsg: true,
  }),
  updateStrategyPermission: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/updatestrategypermission',
    role: 'brokerPanel',
    summary:
      "Grants (`allowed` true) or revokes viewing one of the caller's strategies for each email. Every email must be a user of the franchise, else 404 naming the unknown ones and nothing changes. Revoking ends viewing and new subscriptions; a paid subscription runs to its end.",
    request: z.strictObject({
      group_id: groupIdField,
      emails: z
        .array(emailField)
        .min(1, 'Name at least one email.')
        .max(MAX_PERMISSION_EMAILS, `At most ${MAX_PERMISSION_EMAILS} emails at once.`),
      allowed: z.boolean(),
    }),
    response: z.object({ changed: z.array(z.string()), unchanged: z.array(z.string()) }),
    withMsg: true,
    activity: 'Changed strategy permissions',
  }),
};
