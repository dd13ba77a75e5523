import * as z from 'zod';
import { idempotencyKeyField } from './fields';
import { BROKER_KINDS, type BrokerKind } from '../domain/brokers';
import { brokerStatusSchema } from '../domain/states';
import { defineCall } from './define-call';

/**
 * Route group `broker` (spec §7 "Broker"): the catalog, the plans and the caller's broker accounts.
 * `broker` names a catalog entry (paper, zerodha, …); `broker_id` names one of the caller's accounts
 * (the id of `/demat/{broker_id}`). Secrets go in, never out: an account answers `credentials_configured`.
 */
export const brokerKindSchema = z.enum(BROKER_KINDS);
/** Brokers listed in the catalog but not connectable yet (none today: every catalog broker has an adapter). */
export const COMING_SOON_BROKERS: readonly BrokerKind[] = [];

const accountIdField = z.string().trim().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Enter a valid broker account id.');
const secretText = (label: string, pattern: RegExp, hint: string) =>
  z.string().trim().min(1, `${label} is required.`).max(128, `${label} is too long.`).regex(pattern, `${label} ${hint}`);

/** Zerodha Kite Connect: the app's key and secret; the session comes from the login redirect. */
export const zerodhaCredentialsSchema = z.strictObject({
  api_key: secretText('API key', /^[A-Za-z0-9]{6,64}$/, 'must be 6–64 letters or digits.'),
  api_secret: secretText('API secret', /^[A-Za-z0-9]{6,64}$/, 'must be 6–64 letters or digits.'),
});

/** Angel One SmartAPI: client code, PIN and TOTP secret log in directly; the API key signs every call. */
export const angelCredentialsSchema = z.strictObject({
  client_code: secretText('Client code', /^[A-Za-z0-9]{4,20}$/, 'must be 4–20 letters or digits.'),
  pin: secretText('PIN', /^\d{4,6}$/, 'must be 4–6 digits.'),
  totp_secret: secretText('TOTP secret', /^[A-Za-z2-7]{16,64}=*$/, 'must be the base32 key shown when enabling TOTP.'),
  api_key: secretText('API key', /^[A-Za-z0-9-]{4,64}$/, 'must be 4–64 letters, digits or dashes.'),
});

/**
 * Upstox: the app's API key (the OAuth client_id) and secret; the session comes from the login redirect,
 * whose URL (the platform's /dematconnected) is registered with the app.
 */
export const upstoxCredentialsSchema = z.strictObject({
  api_key: secretText('API key', /^[A-Za-z0-9-]{6,64}$/, 'must be 6–64 letters, digits or dashes.'),
  api_secret: secretText('API secret', /^[A-Za-z0-9]{6,64}$/, 'must be 6–64 letters or digits.'),
});

/**
 * Fyers: the app's id and secret (their SHA-256 signs the token exchange); the session comes from the login
 * redirect. The PIN lets the platform renew the daily access token with the 15-day refresh token.
 */
export const fyersCredentialsSchema = z.strictObject({
  app_id: secretText('App ID', /^[A-Za-z0-9]{4,32}-\d{3}$/, 'must look like XXXXXXXXXX-100.'),
  app_secret: secretText('App secret', /^[A-Za-z0-9]{6,64}$/, 'must be 6–64 letters or digits.'),
  pin: secretText('PIN', /^\d{4}$/, 'must be 4 digits.'),
});

/** Dhan logs in by its TOTP route: the numeric client ID, the login PIN and the base32 TOTP secret. */
export const dhanCredentialsSchema = z.strictObject({
  client_id: secretText('Client ID', /^\d{4,20}$/, 'must be the numeric Dhan client ID.'),
  pin: secretText('PIN', /^\d{4,6}$/, 'must be 4–6 digits.'),
  totp_secret: secretText('TOTP secret', /^[A-Za-z2-7]{16,64}=*$/, 'must be the base32 key shown when enabling TOTP.'),
});

/**
 * A redirect broker's connect credentials when the franchise may have registered its own app (BROKER_CONFIG):
 * the app's id and secret may both be left out (the franchise's app is then used; without one the connect
 * is refused), but not one of them alone.
 */
function withOptionalApp<S extends z.ZodObject, Id extends string, Secret extends string>(schema: S, id: Id, secret: Secret) {
  const mask = { [id]: true, [secret]: true } as Record<Id | Secret, true>;
  return schema
    .partial(mask as never)
    .refine((fields: Record<string, unknown>) => (fields[id] === undefined) === (fields[secret] === undefined), {
      message: "Enter both the app's key and its secret, or leave both blank to use your broker's app.",
      path: [secret],
    });
}
export const zerodhaConnectCredentialsSchema = withOptionalApp(zerodhaCredentialsSchema, 'api_key', 'api_secret');
export const upstoxConnectCredentialsSchema = withOptionalApp(upstoxCredentialsSchema, 'api_key', 'api_secret');
export const fyersConnectCredentialsSchema = withOptionalApp(fyersCredentialsSchema, 'app_id', 'app_secret');

export const connectBrokerRequestSchema = z.discriminatedUnion('broker', [
  z.strictObject({ broker: z.literal('paper') }),
  z.strictObject({ broker: z.literal('zerodha'), credentials: zerodhaConnectCredentialsSchema }),
  z.strictObject({ broker: z.literal('angelone'), credentials: angelCredentialsSchema }),
  z.strictObject({ broker: z.literal('upstox'), credentials: upstoxConnectCredentialsSchema }),
  z.strictObject({ broker: z.literal('fyers'), credentials: fyersConnectCredentialsSchema }),
  z.strictObject({ broker: z.literal('dhan'), credentials: dhanCredentialsSchema }),
]);
export type ConnectBrokerRequest = z.infer<typeof connectBrokerRequestSchema>;

export const credentialFieldSchema = z.object({ name: z.string(), label: z.string(), secret: z.boolean() });

export const catalogBrokerSchema = z.object({
  broker: brokerKindSchema,
  broker_combined_name: z.string(),
  /** `none`: connected at once (paper); `redirect`: log in on the broker's page; `credentials`: logged in with what is stored. */
  login_flow: z.enum(['none', 'redirect', 'credentials']),
  coming_soon: z.boolean(),
  credential_fields: z.array(credentialFieldSchema),
  /** True when the franchise's own app (BROKER_CONFIG) logs this broker in: the user enters no app key or secret. */
  franchise_app: z.boolean().optional(),
});
export type CatalogBroker = z.infer<typeof catalogBrokerSchema>;

export const brokerPlanSchema = z.object({
  plan_id: z.string(),
  plan_label: z.string(),
  /** Days of subscription the plan adds. */
  duration: z.number().int().positive(),
  /** Credits debited from the wallet. */
  price: z.number().int().positive(),
});
export type BrokerPlan = z.infer<typeof brokerPlanSchema>;

export const brokerFundsSchema = z.object({ available: z.number(), used: z.number(), updated_at: z.string() });

export const brokerAccountSchema = z.object({
  broker_id: z.string(),
  broker: brokerKindSchema,
  broker_combined_name: z.string(),
  status: brokerStatusSchema,
  broker_user_id: z.string().nullable(),
  trading_enabled: z.boolean(),
  auto_renew: z.boolean(),
  note: z.string(),
  credentials_configured: z.boolean(),
  session_valid_until: z.string().nullable(),
  subscription_expires_at: z.string().nullable(),
  funds: brokerFundsSchema.nullable(),
  /**
   * The static IP the account's orders and logins leave from (issue 20), with how the broker learns it;
   * null = none, and the broker may refuse its automated orders.
   */
  static_ip: z
    .object({
      ip_id: z.string(),
      address: z.string(),
      version: z.enum(['IPv4', 'IPv6']),
      registration: z.enum(['registered', 'register-yourself', 'failed']),
      registration_error: z.string().nullable(),
      next_change_at: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BrokerAccount = z.infer<typeof brokerAccountSchema>;

const byAccount = z.strictObject({ broker_id: accountIdField });

export const brokerContracts = {
  getBrokerNames: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/getbrokernames',
    role: 'user',
    summary: "Names of the caller's broker accounts for pickers (deleted ones left out); `only_my_brokers` false adds sub-users' accounts once sub-users exist.",
    request: z.strictObject({ only_my_brokers: z.boolean().default(true) }),
    response: z.array(z.object({ broker_id: z.string(), broker: brokerKindSchema, broker_combined_name: z.string(), status: brokerStatusSchema })),
  }),
  getAvailableBrokers: defineCall({
    group: 'broker',
    method: 'GET',
    path: '/users/broker/getavailablebrokers',
    role: 'user',
    summary: 'The broker catalog: how each broker logs in and which credentials it needs (Upstox, Fyers and Dhan are coming soon).',
    response: z.array(catalogBrokerSchema),
  }),
  getBrokerPlans: defineCall({
    group: 'broker',
    method: 'GET',
    path: '/users/broker/getbrokerplans',
    role: 'user',
    summary: 'Subscription plans for broker accounts: duration in days, label and price in credits.',
    response: z.array(brokerPlanSchema),
  }),
  getBrokers: defineCall({
    group: 'broker',
    method: 'GET',
    path: '/users/broker/getbrokers',
    role: 'user',
    summary: "The caller's broker accounts (not deleted), oldest first; secrets are never answered.",
    response: z.array(brokerAccountSchema),
  }),
  getBrokerInfo: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/getbrokerinfo',
    role: 'user',
    summary: "One of the caller's broker accounts.",
    request: byAccount,
    response: brokerAccountSchema,
  }),
  connectBroker: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/connectbroker',
    role: 'user',
    summary: 'Adds a broker account: paper is connected at once; Zerodha answers the login URL to open; Angel One logs in with the credentials.',
    request: connectBrokerRequestSchema,
    response: z.object({ account: brokerAccountSchema, login_url: z.string().nullable() }),
    activity: 'Connected broker account',
  }),
  reconnect: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/reconnect',
    role: 'user',
    summary: 'Logs an account in again with its stored credentials (Zerodha: answers the login URL to open).',
    request: byAccount,
    response: z.object({ account: brokerAccountSchema, login_url: z.string().nullable() }),
    activity: 'Reconnected broker account',
  }),
  addBrokerNote: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/addbrokernote',
    role: 'user',
    summary: "Sets the account's free-text note (empty clears it).",
    request: z.strictObject({ broker_id: accountIdField, note: z.string().trim().max(200, 'The note must be at most 200 characters.') }),
    response: brokerAccountSchema,
    activity: 'Changed broker account note',
  }),
  updateBrokerSubscription: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/updatebrokersubscription',
    role: 'user',
    summary: 'Buys a plan for an account: the price is debited from the wallet with its ledger entry in one transaction; a replayed idempotency key charges once.',
    request: z.strictObject({ broker_id: accountIdField, plan_id: z.string().trim().min(1).max(32), idempotency_key: idempotencyKeyField }),
    response: z.object({
      account: brokerAccountSchema,
      charged_credits: z.number(),
      balance_after: z.number(),
      ledger_entry_id: z.string(),
      replayed: z.boolean(),
    }),
    activity: 'Bought broker subscription',
  }),
  refresh: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/refresh',
    role: 'user',
    summary: "Checks the account's session with the broker and reads its funds.",
    request: byAccount,
    response: brokerAccountSchema,
    activity: 'Refreshed broker account',
  }),
  refreshAll: defineCall({
    group: 'broker',
    method: 'GET',
    path: '/users/broker/refreshall',
    role: 'user',
    summary: "Refreshes every connected account of the caller; an account that fails is reported, not fatal.",
    response: z.object({ accounts: z.array(brokerAccountSchema), refreshed: z.number().int(), failed: z.number().int() }),
  }),
  updateBrokerTradingFlag: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/updatebrokertradingflag',
    role: 'user',
    summary: 'Whether the account takes part in automated orders.',
    request: z.strictObject({ broker_id: accountIdField, trading_enabled: z.boolean() }),
    response: brokerAccountSchema,
    activity: 'Changed broker trading flag',
  }),
  updateAutoRenewFlag: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/updateautorenewflag',
    role: 'user',
    summary: "Whether the account's subscription renews from the wallet when it ends.",
    request: z.strictObject({ broker_id: accountIdField, auto_renew: z.boolean() }),
    response: brokerAccountSchema,
    activity: 'Changed broker auto-renew flag',
  }),
  getDeleteRefundNote: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/getdeleterefundnote',
    role: 'user',
    summary: 'What removing the account would refund: the unused part of its subscription, pro rata by whole days, in credits.',
    request: byAccount,
    response: z.object({ refund_credits: z.number().int().min(0), remaining_days: z.number().int().min(0), note: z.string() }),
  }),
  removeBroker: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/removebroker',
    role: 'user',
    summary: 'Removes the account: status deleted, stored secrets wiped, the pro-rata refund credited to the wallet.',
    request: byAccount,
    response: z.object({ account: brokerAccountSchema, refunded_credits: z.number().int().min(0) }),
    activity: 'Removed broker account',
  }),
  removeAllSelfBrokers: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/removeallselfbrokers',
    role: 'user',
    summary: "Removes every account of the caller that is not already removed, each with its refund.",
    response: z.object({ removed: z.number().int().min(0), refunded_credits: z.number().int().min(0) }),
    activity: 'Removed all broker accounts',
  }),
} as const;

/** `GET /users/generatebrokerconnectionlink` belongs to the `user` group in the spec's call list. */
export const brokerLinkContracts = {
  generateBrokerConnectionLink: defineCall({
    group: 'user',
    method: 'GET',
    path: '/users/generatebrokerconnectionlink',
    role: 'user',
    summary: 'A signed link, valid for 15 minutes, that opens the connect-broker screen for the caller.',
    response: z.object({ link: z.string(), token: z.string(), expires_at: z.string() }),
  }),
} as const;
