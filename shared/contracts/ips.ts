import * as z from 'zod';
import { idempotencyKeyField } from './fields';
import { BROKER_KINDS } from '../domain/brokers';
import { defineCall } from './define-call';

/**
 * Static IPs (issue 20; spec §3 "IP versions", §4 "IP allocation", §6, §7 `/users/ips/`; ADR 0014).
 * A franchise owns a pool of egress addresses ("slots"). A user buys one for a period, paid from the
 * wallet in the same transaction that assigns it; a parent may hand one of its own to a sub-user. An
 * account bound to a slot sends every order-changing call and every login from that address, through
 * the egress proxy. Brokers allow an account's IP to change at most once per 7 days, so every bind,
 * move and allocation is checked against that rule.
 */

export const IP_VERSIONS = ['IPv4', 'IPv6'] as const;
export const ipVersionSchema = z.enum(IP_VERSIONS);
export type IpVersion = z.infer<typeof ipVersionSchema>;

/** free → assigned → (released) quarantined → free. `released` is the instant before quarantine; stored slots are one of these three. */
export const IP_SLOT_STATES = ['free', 'assigned', 'quarantined'] as const;
export const ipSlotStateSchema = z.enum(IP_SLOT_STATES);
export type IpSlotState = z.infer<typeof ipSlotStateSchema>;

/** Which of the two addresses a broker lets an account register this one is. */
export const IP_ROLES = ['primary', 'secondary'] as const;
export const ipRoleSchema = z.enum(IP_ROLES);

/** How many days an account's IP must stay before it may change again (the brokers' weekly rule). */
export const IP_CHANGE_INTERVAL_DAYS = 7;

/** When an IP last changed at `changedAt` may change again; null when it may now. */
export function nextIpChangeAt(changedAt: string | null | undefined, nowMs: number): string | null {
  if (!changedAt) return null;
  const next = Date.parse(changedAt) + IP_CHANGE_INTERVAL_DAYS * 86_400_000;
  return next > nowMs ? new Date(next).toISOString() : null;
}
/** Days a released address rests before anyone may buy it again (a broker may still hold it registered). */
export const DEFAULT_IP_QUARANTINE_DAYS = 30;
/** Periods a user may buy, in months. */
export const IP_PURCHASE_MONTHS = [1, 3, 6, 12] as const;

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const ipIdField = z.string().trim().regex(ULID, 'Enter a valid IP id.');
const brokerAccountIdField = z.string().trim().regex(ULID, 'Enter a valid broker account id.');
const subUserIdField = z.number().int().positive();

/** An account that sends its orders from an IP. */
export const ipAccountSchema = z.object({
  broker_id: z.string(),
  broker: z.enum(BROKER_KINDS),
  broker_combined_name: z.string(),
  /** When this account's IP may next change (bound + 7 days); null when it may change now. */
  next_change_at: z.string().nullable(),
  /** How the broker learns the address: the platform registered it (Upstox, Dhan), or the user pastes it in the broker's console. */
  registration: z.enum(['registered', 'register-yourself', 'failed']),
  /** The broker's words when the platform's registration failed. */
  registration_error: z.string().nullable(),
});

/** One of the caller's IPs (bought, or allocated by its parent). */
export const staticIpSchema = z.object({
  ip_id: z.string(),
  /** The public address brokers see and the user registers. */
  address: z.string(),
  version: ipVersionSchema,
  role: ipRoleSchema,
  label: z.string(),
  auto_renew: z.boolean(),
  /** Paid until (ISO); renewal happens from the wallet shortly before. */
  expires_at: z.string(),
  purchased_at: z.string(),
  /** The buyer; differs from the holder when a parent allocated its IP to a sub-user. */
  owner_user_id: z.number().int(),
  holder_user_id: z.number().int(),
  /** Set when the caller owns it and allocated it to a sub-user. */
  allocated_to: z.object({ user_id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  accounts: z.array(ipAccountSchema),
  /** When the holder may next change (allocation moves); null = now. */
  next_allocation_change_at: z.string().nullable(),
});
export type StaticIp = z.infer<typeof staticIpSchema>;

/** A slot of the franchise's pool as the broker panel sees it. */
export const ipSlotSchema = z.object({
  ip_id: z.string(),
  address: z.string(),
  version: ipVersionSchema,
  state: ipSlotStateSchema,
  holder_user_id: z.number().int().nullable(),
  owner_user_id: z.number().int().nullable(),
  assigned_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  quarantined_until: z.string().nullable(),
});

export const staticIpContracts = {
  getStaticIps: defineCall({
    group: 'ips',
    method: 'GET',
    path: '/users/ips/getstaticips',
    role: 'user',
    summary:
      "The caller's static IPs (bought, or allocated by its parent), each with its state, expiry, the accounts using it and when each may next change; and the caller's accounts that trade without one.",
    response: z.object({
      items: z.array(staticIpSchema),
      accounts_without_ip: z.array(z.object({ broker_id: z.string(), broker: z.enum(BROKER_KINDS), broker_combined_name: z.string() })),
      purchase_allowed: z.boolean(),
    }),
    withMsg: true,
  }),
  getAvailableIps: defineCall({
    group: 'ips',
    method: 'GET',
    path: '/users/ips/getavailableips',
    // Every user may ask: one whose parent stopped purchases learns why (purchase_allowed false, refusal).
    role: 'user',
    summary:
      'What the caller may buy now: free addresses per IP version, the monthly price (PAYMENT_CONFIGS), the periods offered, and whether the caller may buy (its profile, and for a sub-user its parent, must allow it).',
    response: z.object({
      purchase_allowed: z.boolean(),
      refusal: z.string().nullable(),
      monthly_price_paise: z.number().int(),
      periods_months: z.array(z.number().int()),
      free: z.array(z.object({ version: ipVersionSchema, count: z.number().int() })),
    }),
    withMsg: true,
  }),
  purchaseStaticIp: defineCall({
    group: 'ips',
    method: 'POST',
    path: '/users/ips/purchasestaticip',
    role: 'ipEnabled',
    summary:
      'Buys one free address of the version for the period, paid from the wallet in the same transaction that assigns it (exactly once per idempotency key; never one address to two users). Optionally binds it to accounts at once.',
    request: z.strictObject({
      version: ipVersionSchema.default('IPv4'),
      months: z.number().int().refine((months) => (IP_PURCHASE_MONTHS as readonly number[]).includes(months), 'Choose 1, 3, 6 or 12 months.'),
      auto_renew: z.boolean().default(true),
      label: z.string().trim().max(40, 'The label must be at most 40 characters.').default(''),
      broker_ids: z.array(brokerAccountIdField).max(10).default([]),
      idempotency_key: idempotencyKeyField,
    }),
    response: z.object({ ip: staticIpSchema, balance_paise: z.number().int() }),
    activity: 'Purchased a static IP',
    withMsg: true,
  }),
  updateStaticIp: defineCall({
    group: 'ips',
    method: 'POST',
    path: '/users/ips/updatestaticip',
    role: 'user',
    summary:
      "Changes one of the caller's IPs: label, primary/secondary, auto-renew, and the accounts of the holder that use it (each account's IP changes at most once per 7 days). Upstox and Dhan accounts are registered with the broker by the platform.",
    request: z.strictObject({
      ip_id: ipIdField,
      label: z.string().trim().max(40, 'The label must be at most 40 characters.').optional(),
      role: ipRoleSchema.optional(),
      auto_renew: z.boolean().optional(),
      broker_ids: z.array(brokerAccountIdField).max(10).optional(),
    }),
    response: z.object({ ip: staticIpSchema }),
    activity: 'Updated a static IP',
    withMsg: true,
  }),
  removeStaticIp: defineCall({
    group: 'ips',
    method: 'POST',
    path: '/users/ips/removestaticip',
    role: 'user',
    summary:
      'Gives up one of the caller’s bought IPs before its end: its accounts stop using it and the address rests in quarantine before anyone else may buy it. Nothing is refunded.',
    request: z.strictObject({ ip_id: ipIdField }),
    response: z.object({ ip_id: z.string() }),
    activity: 'Removed a static IP',
    withMsg: true,
  }),
  getSubUserIp: defineCall({
    group: 'ips',
    method: 'POST',
    path: '/users/ips/getsubuserip',
    role: 'parent',
    summary: 'The IPs a sub-user the caller manages holds, and which of the caller’s own IPs it could allocate to it.',
    request: z.strictObject({ sub_user_id: subUserIdField }),
    response: z.object({ items: z.array(staticIpSchema), allocatable: z.array(staticIpSchema) }),
    withMsg: true,
  }),
  allocateIpToSubUser: defineCall({
    group: 'ips',
    method: 'POST',
    path: '/users/ips/allocateiptosubuser',
    role: 'parent',
    summary:
      "Hands one of the caller's own IPs to a sub-user it manages, exclusively: the caller's accounts stop using it and the sub-user's may. The holder of an IP changes at most once per 7 days.",
    request: z.strictObject({ ip_id: ipIdField, sub_user_id: subUserIdField }),
    response: z.object({ ip: staticIpSchema }),
    activity: 'Allocated a static IP to a sub-user',
    withMsg: true,
  }),
  disallocateIpFromSubUser: defineCall({
    group: 'ips',
    method: 'POST',
    path: '/users/ips/disallocateipfromsubuser',
    role: 'parent',
    summary: "Takes an allocated IP back from the sub-user (its accounts stop using it), under the same 7-day rule.",
    request: z.strictObject({ ip_id: ipIdField, sub_user_id: subUserIdField }),
    response: z.object({ ip: staticIpSchema }),
    activity: 'Took back a static IP from a sub-user',
    withMsg: true,
  }),
  getIpPool: defineCall({
    group: 'ips',
    method: 'GET',
    path: '/users/ips/getippool',
    role: 'brokerPanel',
    summary: "The franchise's pool of egress addresses with each one's state, holder and dates, and counts per state.",
    response: z.object({
      items: z.array(ipSlotSchema),
      counts: z.object({ free: z.number().int(), assigned: z.number().int(), quarantined: z.number().int() }),
      quarantine_days: z.number().int(),
    }),
    specExtension: 'The issue asks the broker panel to see the pool and its states; the spec names no call for it.',
    withMsg: true,
  }),
  checkEgress: defineCall({
    group: 'ips',
    method: 'POST',
    path: '/users/ips/checkegress',
    role: 'user',
    summary:
      "Asks the egress proxy to make a test call from one of the caller's IPs and answers the address the far side saw, so the user can check what the broker will see.",
    request: z.strictObject({ ip_id: ipIdField }),
    response: z.object({ address_seen: z.string(), expected: z.string(), matches: z.boolean(), elapsed_ms: z.number() }),
    // A call out through the proxy in the user's name: kept in the activity log like any other action.
    activity: 'Checked the egress of a static IP',
    specExtension: 'The issue asks /staticip for an egress check; the spec names no call for it.',
    withMsg: true,
  }),
};
