import * as z from 'zod';
import { brokerKindSchema } from './broker';
import { orderAccountIdField } from './orders';

/**
 * The dashboard's money figures (`GET /users/dashboard`, field `pnl`) and today's P&L through the day
 * (`POST /users/getdashboardpnl`). Amounts are rupees to the paisa, as the brokers report them.
 */

/**
 * What "open positions" counts: every net position a read account's broker holds with a non-zero
 * quantity (one per account, script and product), plus every OPEN order-manager position (bridges'
 * positions are order-manager positions) that no such broker position covers. An OPEN order-manager
 * position whose account, script and product match a non-zero broker position is that broker
 * position (the order manager opened it there), so it is not counted again; one on an account that
 * could not be read counts by itself.
 */
export const openPositionsDetailSchema = z.object({
  /** Net non-zero positions of the accounts that were read. */
  broker_positions: z.number().int().min(0),
  /** OPEN order-manager positions no broker position above covers. */
  order_manager_only: z.number().int().min(0),
  /** OPEN order-manager positions found among the broker positions above (not counted twice). */
  order_manager_in_broker: z.number().int().min(0),
});
export type OpenPositionsDetail = z.infer<typeof openPositionsDetailSchema>;

const moneyFigures = {
  /** Booked today: the positions' realised P&L. */
  realised_pnl: z.number(),
  /** Open positions valued at their last price: (last − average) × net quantity. */
  unrealised_pnl: z.number(),
  total_pnl: z.number(),
  /** Margin the broker holds for open positions and pending orders. */
  margin_used: z.number(),
  /** Funds the broker says can still be used. */
  margin_available: z.number(),
};

/** One connected account whose broker answered. */
export const accountPnlSchema = z.object({
  broker_id: z.string(),
  broker: brokerKindSchema,
  broker_combined_name: z.string(),
  ...moneyFigures,
  /** Net non-zero positions the broker holds on this account. */
  open_positions: z.number().int().min(0),
  read_at: z.string(),
});
export type AccountPnl = z.infer<typeof accountPnlSchema>;

/** An account whose figures are not in the totals, and why (its broker failed, or its session ended). */
export const accountNotReadSchema = z.object({
  broker_id: z.string(),
  broker: brokerKindSchema,
  broker_combined_name: z.string(),
  reason: z.string(),
});
export type AccountNotRead = z.infer<typeof accountNotReadSchema>;

/** Totals over the accounts read, each account's figures, and the accounts that could not be read. */
export const dashboardPnlSchema = z.object({
  ...moneyFigures,
  accounts: z.array(accountPnlSchema),
  accounts_not_read: z.array(accountNotReadSchema),
});
export type DashboardPnl = z.infer<typeof dashboardPnlSchema>;

/** One point of the day's P&L line. */
export const pnlPointSchema = z.object({
  at: z.string(),
  realised_pnl: z.number(),
  total_pnl: z.number(),
});
export type PnlPoint = z.infer<typeof pnlPointSchema>;

/**
 * Today's P&L through the day (Asia/Kolkata), rebuilt from today's fills of the platform's orders
 * (filled quantity at the average price, at the time the platform recorded the fill) and the paper
 * feed's price of each traded script at each point: at every point, the P&L booked by the fills so far
 * plus the open quantity valued at that moment's price (average-price method, no charges). Points run
 * from the market's open (09:15, or the first fill if earlier) to now, every `step_minutes` (1, or
 * more when many scripts were traded, so one answer reads at most a bounded number of prices); the
 * last point is now. Positions carried from earlier days and trades placed outside the platform are
 * not in the line (they are in the dashboard's figures).
 */
export const pnlSeriesSchema = z.object({
  trading_day: z.string(),
  step_minutes: z.number().int().positive(),
  fills: z.number().int().min(0),
  scripts: z.number().int().min(0),
  points: z.array(pnlPointSchema),
});
export type PnlSeries = z.infer<typeof pnlSeriesSchema>;

/** Every account (none given) or one of the caller's accounts (another user's id is 404). */
export const pnlSeriesRequestSchema = z.strictObject({ broker_id: orderAccountIdField.optional() });
