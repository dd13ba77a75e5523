import * as z from 'zod';
import { actionSchema, exchangeSchema, orderTypeSchema, productSchema } from '../domain/ranges';
import { orderStatusSchema } from '../domain/states';
import { brokerAccountSchema } from './broker';
import { defineCall } from './define-call';
import { orderAccountIdField } from './orders';

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
