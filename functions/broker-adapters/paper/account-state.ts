import * as z from 'zod';
import { instrumentSchema } from '../../../shared/domain/instruments';
import { actionSchema, exchangeSchema, orderTypeSchema, productSchema } from '../../../shared/domain/ranges';
import { orderStatusSchema } from '../../../shared/domain/states';

/**
 * A paper account as the engine sees it: plain, JSON-safe data (instants are ISO strings), so the store
 * can persist it as is and parse it back with `paperAccountStateSchema`. The engine never mutates a
 * state; every operation returns a new one (or the same object when nothing changed).
 */
const instantSchema = z.iso.datetime();

export const paperOrderSchema = z
  .object({
    id: z.string(),
    tag: z.string(),
    instrument: instrumentSchema,
    action: actionSchema,
    orderType: orderTypeSchema,
    product: productSchema,
    /** As requested: a rejected order keeps the quantity it was rejected for. */
    quantity: z.number(),
    price: z.number().nullable(),
    triggerPrice: z.number().nullable(),
    status: orderStatusSchema,
    /** SL orders: whether the trigger has been hit (the order then rests as a limit). */
    triggered: z.boolean(),
    reason: z.string().nullable(),
    filledQuantity: z.number(),
    averagePrice: z.number().nullable(),
    /** Margin the order holds while pending; 0 once it is filled, cancelled or rejected. */
    blockedMargin: z.number(),
    placedAt: instantSchema,
    updatedAt: instantSchema,
  })
  .readonly();
export type PaperOrder = z.infer<typeof paperOrderSchema>;

export const paperTradeSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    tag: z.string(),
    tradingSymbol: z.string(),
    exchange: exchangeSchema,
    product: productSchema,
    action: actionSchema,
    quantity: z.number().int().positive(),
    price: z.number().positive(),
    at: instantSchema,
  })
  .readonly();
export type PaperTrade = z.infer<typeof paperTradeSchema>;

/** One net position per (trading symbol, product); a flat position stays listed with its realised P&L. */
export const paperPositionSchema = z
  .object({
    instrument: instrumentSchema,
    product: productSchema,
    /** Positive long, negative short, 0 flat. */
    netQuantity: z.number().int(),
    /** Average price of the open quantity; 0 when flat. */
    averagePrice: z.number().nonnegative(),
    realisedPnl: z.number(),
    /** When the current open quantity was opened (from flat or by a flip); null when flat. */
    openedAt: instantSchema.nullable(),
    updatedAt: instantSchema,
  })
  .readonly();
export type PaperPosition = z.infer<typeof paperPositionSchema>;

/**
 * Shares in the demat account, one per (exchange, trading symbol): a DELIVERY position still open when
 * its day ends settles into a holding (holdings.ts), and a DELIVERY sell draws on it.
 */
export const paperHoldingSchema = z
  .object({
    instrument: instrumentSchema,
    quantity: z.number().int().positive(),
    /** What each unit cost on average. */
    averagePrice: z.number().positive(),
    /** When the latest quantity settled into it. */
    settledAt: instantSchema,
  })
  .readonly();
export type PaperHolding = z.infer<typeof paperHoldingSchema>;

/**
 * Cash side of the account. Simplification: no charges, taxes or interest; the balance is the opening
 * balance plus realised P&L less what the holdings cost, and margin in use is derived from pending
 * orders and open positions (funds.ts), so it can never drift from them.
 */
export const paperFundsSchema = z
  .object({
    openingBalance: z.number().nonnegative(),
    realisedPnl: z.number(),
  })
  .readonly();
export type PaperFunds = z.infer<typeof paperFundsSchema>;

export const paperAccountStateSchema = z
  .object({
    /** Prefix of every order and trade id, so ids are unique across paper accounts. */
    accountId: z.string().min(1),
    /** The last number handed out to an order or trade id. */
    sequence: z.number().int().nonnegative(),
    funds: paperFundsSchema,
    orders: z.array(paperOrderSchema).readonly(),
    positions: z.array(paperPositionSchema).readonly(),
    /** Absent in accounts stored before holdings existed: none. */
    holdings: z.array(paperHoldingSchema).readonly().default([]),
    trades: z.array(paperTradeSchema).readonly(),
  })
  .readonly();
export type PaperAccountState = z.infer<typeof paperAccountStateSchema>;

/** ₹10 lakh of paper money unless the account is opened with another amount. */
export const DEFAULT_PAPER_OPENING_BALANCE = 1_000_000;

export function createPaperAccountState(accountId: string, openingBalance = DEFAULT_PAPER_OPENING_BALANCE): PaperAccountState {
  return { accountId, sequence: 0, funds: { openingBalance, realisedPnl: 0 }, orders: [], positions: [], holdings: [], trades: [] };
}

/** The next id for an order ('O') or a trade ('T'), and the state that has handed it out. */
export function nextId(state: PaperAccountState, kind: 'O' | 'T'): { readonly id: string; readonly state: PaperAccountState } {
  const sequence = state.sequence + 1;
  return { id: `${state.accountId}-${kind}${sequence}`, state: { ...state, sequence } };
}

export function isPending(order: PaperOrder): boolean {
  return order.status === 'pending';
}

/** The key a position is netted under. */
export function positionKeyOf(tradingSymbol: string, exchange: string, product: string): string {
  return `${exchange}:${tradingSymbol}:${product}`;
}
