import * as z from 'zod';
import { MAX_PAGE_SIZE } from '../domain/constants';
import { connectBrokerRequestSchema, brokerAccountSchema } from './broker';
import { defineCall } from './define-call';
import { emailField, mobileField, nameField } from './fields';

/**
 * Sub-user management (issue 19, spec §6 and §7 "Sub-users"; ADR 0013). Every call that names a
 * sub-user (`sub_user_id`) answers 404 unless the caller manages it: the franchise's broker panel manages
 * every user of the franchise, another parent only the users it added.
 */

export const subUserIdField = z.number().int().positive();

/** A referral percent: 0–100 with at most two decimals (stored as basis points: 12.5 % = 1250). */
export const referralPercentField = z
  .number()
  .min(0, 'The referral percent is between 0 and 100.')
  .max(100, 'The referral percent is between 0 and 100.')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Use at most two decimals.');

/** One sub-user as a parent's list and detail show it. */
export const subUserSchema = z.object({
  user_id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile_no: z.string(),
  profile_status: z.enum(['active', 'inactive']),
  /** The parent that added it (null: a user of the franchise nobody added, seen by the broker panel). */
  parent_user_id: z.number().int().nullable(),
  /** Wallet balance, rupees with two decimals; `balance_paise` is the exact figure. */
  current_credit: z.number(),
  balance_paise: z.number().int(),
  /** May connect and reconnect broker accounts (its own, or its parent on its behalf). */
  demat_allowed: z.boolean(),
  /** May buy static IPs (the static-IP issue reads it). */
  purchase_ip_allowed: z.boolean(),
  /** May make broker-connection links (`generatebrokerconnectionlink`). */
  link_sharing: z.boolean(),
  /** What its referrer earns of its referred users' payments, percent with two decimals. */
  referral_percent: z.number(),
  /** False until the user has set a password from the welcome mail. */
  password_set: z.boolean(),
  created_at: z.string(),
});
export type SubUser = z.infer<typeof subUserSchema>;

export const SUB_USER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;

const oneSubUser = z.strictObject({ sub_user_id: subUserIdField });

/** A flag for one sub-user. */
const oneFlag = z.strictObject({ sub_user_id: subUserIdField, allowed: z.boolean() });

/** A flag for many sub-users at once: the listed ones, or every sub-user the caller manages (`all`). */
const manyFlags = z
  .strictObject({
    sub_user_ids: z.array(subUserIdField).min(1).max(500).optional(),
    all: z.literal(true).optional(),
    allowed: z.boolean(),
  })
  .refine((body) => (body.all === true) !== (body.sub_user_ids !== undefined), {
    message: 'Name the sub-users, or choose all of them.',
    path: ['sub_user_ids'],
  });

const flagAnswer = z.object({ sub_user: subUserSchema });
const manyFlagsAnswer = z.object({ updated: z.number().int(), user_ids: z.array(z.number().int()) });

export const subUserContracts = {
  addSubUser: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/addsubuser',
    role: 'parent',
    summary:
      "Adds a user under the caller (name, email, mobile). The user gets a mail, through the franchise's mail settings, with a link to set a password. A duplicate email or mobile in the franchise is refused by field (409). Flags start allowed; the referral percent starts at the franchise's default (PAYMENT_CONFIGS).",
    request: z.strictObject({
      first_name: nameField('First name'),
      last_name: nameField('Last name'),
      email: emailField,
      mobile_no: mobileField,
    }),
    response: z.object({ sub_user: subUserSchema, mail_sent: z.boolean() }),
    activity: 'Added sub-user',
  }),
  getSubUsers: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getsubusers',
    role: 'parent',
    summary:
      "The caller's sub-users (broker panel: every user of its franchise but itself), in id order, with flags and balance; `search` matches name, email, mobile or id; offset paging; `total` counts the whole filtered list.",
    request: z.strictObject({
      search: z.string().trim().max(100).optional(),
      status: z.enum(SUB_USER_STATUS_FILTERS).default('all'),
      offset: z.number().int().min(0).max(1_000_000).default(0),
      limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    }),
    response: z.object({ items: z.array(subUserSchema), total: z.number().int() }),
  }),
  getSubUserInfo: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getsubuserinfo',
    role: 'parent',
    summary: 'One sub-user the caller manages, with its flags, balance and counts (broker accounts, referred users).',
    request: oneSubUser,
    response: z.object({
      sub_user: subUserSchema,
      broker_account_count: z.number().int(),
      referred_count: z.number().int(),
    }),
  }),
  updateSubUserDematAllowFlag: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/updatesubuserdematallowflag',
    role: 'parent',
    summary: 'Allows or stops one sub-user connecting and reconnecting broker accounts.',
    request: oneFlag,
    response: flagAnswer,
    activity: 'Changed sub-user demat permission',
  }),
  allowDisallowDemat: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/allowdisallowdemat',
    role: 'parent',
    summary: 'The demat permission for many sub-users at once (the listed ones, or all the caller manages).',
    request: manyFlags,
    response: manyFlagsAnswer,
    activity: 'Changed demat permission of sub-users',
  }),
  updateSubUserPurchaseIpAllowFlag: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/updatesubuserpurchaseipallowflag',
    role: 'parent',
    summary: 'Allows or stops one sub-user buying static IPs.',
    request: oneFlag,
    response: flagAnswer,
    activity: 'Changed sub-user static-IP permission',
  }),
  allowDisallowPurchaseIp: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/allowdisallowpurchaseip',
    role: 'parent',
    summary: 'The static-IP purchase permission for many sub-users at once (the listed ones, or all the caller manages).',
    request: manyFlags,
    response: manyFlagsAnswer,
    activity: 'Changed static-IP permission of sub-users',
  }),
  setLinkSharingFlag: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/setlinksharingflag',
    role: 'parent',
    summary: 'Whether one sub-user may make broker-connection links (`generatebrokerconnectionlink`).',
    request: oneFlag,
    response: flagAnswer,
    activity: 'Changed sub-user link sharing',
  }),
  updateReferPercent: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/updatereferpercent',
    role: 'parent',
    summary: "The percent of its referred users' payments one sub-user earns (0–100, two decimals); applies to payments confirmed from now on.",
    request: z.strictObject({ sub_user_id: subUserIdField, referral_percent: referralPercentField }),
    response: flagAnswer,
    activity: 'Changed sub-user referral percent',
  }),
  connectSubUserBroker: defineCall({
    // Spec §7 lists it with the sub-user calls (its area), under the broker path.
    group: 'subusers',
    method: 'POST',
    path: '/users/broker/connectsubuserbroker',
    role: 'parent',
    summary:
      "Connects a broker account on a sub-user's behalf (`connection` is `connectbroker`'s body); the account belongs to the sub-user (it sees it on /demat). Refused (403) while the sub-user's demat permission is off.",
    request: z.strictObject({ sub_user_id: subUserIdField, connection: connectBrokerRequestSchema }),
    response: z.object({ account: brokerAccountSchema, login_url: z.string().nullable() }),
    activity: 'Connected a broker account for a sub-user',
  }),
} as const;
