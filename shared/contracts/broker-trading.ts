import * as z from 'zod';
import { actionSchema, exchangeSchema, orderTypeSchema, productSchema } from '../domain/ranges';
import { orderStatusSchema } from '../domain/states';
import { brokerAccountSchema } from './broker';
import { defineCall } from './define-call';
import { orderAccountIdField, placeOrderRequestSchema } from './orders';

/**
 * The live side of one broker account for `/demat/{broker_id}`: positions and the order book as the
 * broker reports them now (spec extension: the spec's screen shows them, its call list has no read for
 * them), and the end of the broker-login redirect that lands on `/dematconnected`.
 */
const byAccount = z.strictObject({ broker_id: orderAccountIdField });

export const accountPositionSchema = z.object({
  /** The platform's script when the master knows the row (needed to square it off), else null. */
  script_id: z.string().nullable(),
  trading_symbol: z.string(),
  exchange: exchangeSchema.nullable(),
  product: productSchema,
  /** Positive long, negative short, 0 closed today. */
  net_quantity: z.number(),
  lot_size: z.number().nullable(),
  average_price: z.number(),
  last_price: z.number(),
  realised_pnl: z.number(),
  unrealised_pnl: z.number(),
});
export type AccountPosition = z.infer<typeof accountPositionSchema>;

export const accountPositionsSchema = z.object({
  positions: z.array(accountPositionSchema),
  totals: z.object({ realised_pnl: z.number(), unrealised_pnl: z.number(), total_pnl: z.number() }),
  read_at: z.string(),
});
export type AccountPositions = z.infer<typeof accountPositionsSchema>;

export const accountBookOrderSchema = z.object({
  broker_order_id: z.string(),
  /** The platform's order when the row carries one of its tags, else null (placed elsewhere). */
  order_id: z.string().nullable(),
  script_id: z.string().nullable(),
  trading_symbol: z.string(),
  exchange: exchangeSchema.nullable(),
  status: orderStatusSchema,
  broker_status: z.string(),
  reason: z.string().nullable(),
  action: actionSchema.nullable(),
  order_type: orderTypeSchema.nullable(),
  product: productSchema,
  quantity: z.number(),
  filled_quantity: z.number(),
  lot_size: z.number().nullable(),
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
  average_price: z.number().nullable(),
  tick_size: z.number().nullable(),
});
export type AccountBookOrder = z.infer<typeof accountBookOrderSchema>;

export const accountOrderBookSchema = z.object({ orders: z.array(accountBookOrderSchema), read_at: z.string() });
export type AccountOrderBook = z.infer<typeof accountOrderBookSchema>;

/** The account's funds as its broker reports them now, in rupees, and when they were read. */
export const accountFundsSchema = z.object({ available: z.number(), used: z.number(), read_at: z.string() });
export type AccountFunds = z.infer<typeof accountFundsSchema>;

/**
 * Issue 16: the account's delivery holdings (the demat account, across days), valued at the last price.
 * Amounts are rupees; `day_change` is (last price − previous close) × quantity. A figure the broker's
 * holdings and quotes could not give is null (shown "—"); totals count such a holding at its cost.
 */
export const accountHoldingSchema = z.object({
  /** The platform's script when the master knows the row, else null. */
  script_id: z.string().nullable(),
  trading_symbol: z.string(),
  exchange: exchangeSchema.nullable(),
  isin: z.string().nullable(),
  quantity: z.number(),
  average_price: z.number(),
  last_price: z.number().nullable(),
  previous_close: z.number().nullable(),
  /** Quantity × average price. */
  invested: z.number(),
  /** Quantity × last price. */
  current_value: z.number().nullable(),
  pnl: z.number().nullable(),
  /** P&L as a percent of what was invested, two decimals. */
  pnl_percent: z.number().nullable(),
  day_change: z.number().nullable(),
  /** The last price's change since the previous close, percent, two decimals. */
  day_change_percent: z.number().nullable(),
});
export type AccountHolding = z.infer<typeof accountHoldingSchema>;

export const accountHoldingsSchema = z.object({
  holdings: z.array(accountHoldingSchema),
  totals: z.object({
    invested: z.number(),
    current_value: z.number(),
    pnl: z.number(),
    pnl_percent: z.number().nullable(),
    day_change: z.number(),
  }),
  read_at: z.string(),
});
export type AccountHoldings = z.infer<typeof accountHoldingsSchema>;

/** The ticket as it stands (the place-order fields, without the idempotency key): nothing is placed. */
export const orderMarginRequestSchema = placeOrderRequestSchema.omit({ idempotency_key: true });
export type OrderMarginRequest = z.infer<typeof orderMarginRequestSchema>;

export const orderMarginSchema = z.object({
  /** What the order needs now, as the broker's margin calculator (the paper exchange's own rule) says. */
  required: z.number(),
  /** What the account has free to trade with. */
  available: z.number(),
  fits: z.boolean(),
  /** How much more would be needed; 0 when it fits. */
  shortfall: z.number(),
  read_at: z.string(),
});
export type OrderMargin = z.infer<typeof orderMarginSchema>;

export const completeBrokerLoginRequestSchema = z.strictObject({
  broker_id: orderAccountIdField,
  /** What the broker's redirect carried: Kite `request_token`, Upstox `code`, Fyers `auth_code`. */
  request_token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._~-]{6,512}$/, 'The login token from the broker is not valid.'),
});
export type CompleteBrokerLoginRequest = z.infer<typeof completeBrokerLoginRequestSchema>;

export const brokerTradingContracts = {
  getBrokerPositions: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/getbrokerpositions',
    role: 'user',
    summary: "The net positions of one of the caller's connected accounts as its broker reports them now, with P&L totals.",
    request: byAccount,
    response: accountPositionsSchema,
    specExtension: 'Issue 4: /demat/{broker_id} shows the account\'s positions and P&L; the spec lists no call that reads them.',
  }),
  getBrokerOrderBook: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/getbrokerorderbook',
    role: 'user',
    summary: "Today's order book of one of the caller's connected accounts, as its broker reports it now (orders placed elsewhere included).",
    request: byAccount,
    response: accountOrderBookSchema,
    specExtension: "Issue 4: /demat/{broker_id} shows the account's order book with modify/cancel/convert; the spec lists no call that reads it.",
  }),
  getBrokerFunds: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/getbrokerfunds',
    role: 'user',
    summary: "The funds (available, used) of one of the caller's connected accounts as its broker reports them now (a read only: Refresh stores them on the account).",
    request: byAccount,
    response: accountFundsSchema,
    specExtension: "Issue 16: the account page's Funds card reads them again after the account's orders and every 30 s while it is open; the spec's refresh call also checks the session and is logged as an activity.",
  }),
  getBrokerHoldings: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/getbrokerholdings',
    role: 'user',
    summary:
      "The delivery holdings of one of the caller's connected accounts as its broker reports them now, each valued at its last price with P&L and the day's change, and the totals.",
    request: byAccount,
    response: accountHoldingsSchema,
    specExtension: "Issue 16: /demat/{broker_id} shows the account's holdings (the paper exchange keeps them across days); the spec lists no call that reads them.",
  }),
  getOrderMargin: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/getordermargin',
    role: 'user',
    summary:
      "The margin an order ticket would need on one of the caller's connected accounts (from the broker's margin calculator; the paper exchange computes it), what is available, and whether it fits. Nothing is placed.",
    request: orderMarginRequestSchema,
    response: orderMarginSchema,
    specExtension: 'Issue 16: the order ticket shows the margin required and the funds available before "Place"; the spec lists no call for it.',
  }),
  completeBrokerLogin: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/completebrokerlogin',
    role: 'user',
    summary:
      "Ends a broker's login redirect: the single-use token the broker sent to /dematconnected is exchanged for a session and the account becomes connected.",
    request: completeBrokerLoginRequestSchema,
    response: brokerAccountSchema,
    activity: 'Completed a broker login',
    specExtension: 'Issue 4: the redirect brokers (Zerodha, Upstox, Fyers) end on /dematconnected with a token that must reach the server.',
  }),
} as const;
