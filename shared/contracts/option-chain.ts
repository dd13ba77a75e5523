import * as z from 'zod';
import { exchangeSchema } from '../domain/ranges';

/**
 * What the option chain answers (POST /scripts/getoptionchain, an addition to spec §7): one expiry of an
 * underlying's options, strikes around the money, each strike with its call (CE) and put (PE).
 */

/** Strikes each side of the ATM strike the chain shows by default, and at most. */
export const OPTION_CHAIN_DEFAULT_STRIKES = 15;
export const OPTION_CHAIN_MAX_STRIKES = 40;

/** Exchanges that list options. */
export const OPTION_EXCHANGES = ['NFO', 'BFO', 'MCX'] as const;
export const optionExchangeSchema = z.enum(OPTION_EXCHANGES);
export type OptionExchange = z.infer<typeof optionExchangeSchema>;

/** One option of the chain: the contract as the order ticket takes it, and its market figures. */
export const optionChainLegSchema = z.object({
  script_id: z.string(),
  trading_symbol: z.string(),
  /** `NIFTY 01 DEC 26 24000 CE` */
  display_name: z.string(),
  exchange: exchangeSchema,
  lot_size: z.number().int().positive(),
  tick_size: z.number().positive(),
  ltp: z.number(),
  previous_close: z.number().nullable(),
  /** LTP − previous close, and that as a percent of the previous close; null without a previous session. */
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
  /** Open interest in units (a whole number of lots), null where the price source has none. */
  oi: z.number().int().nullable(),
  /** How far the open interest moved since the session opened, in units. */
  oi_change: z.number().int().nullable(),
});
export type OptionChainLeg = z.infer<typeof optionChainLegSchema>;

export const optionChainRowSchema = z.object({
  strike: z.number(),
  is_atm: z.boolean(),
  ce: optionChainLegSchema.nullable(),
  pe: optionChainLegSchema.nullable(),
});
export type OptionChainRow = z.infer<typeof optionChainRowSchema>;

/** Where the underlying's price comes from: its cash listing, or the chain's own prices (put–call parity). */
export const UNDERLYING_PRICE_SOURCES = ['cash', 'synthetic'] as const;

export const optionChainSchema = z.object({
  underlying: z.string(),
  exchange: optionExchangeSchema,
  /** Every expiry the instrument master lists for the underlying's options, still trading, nearest first (yyyy-MM-dd). */
  expiries: z.array(z.string()),
  /** The expiry shown (yyyy-MM-dd). */
  expiry: z.string(),
  lot_size: z.number().int().positive(),
  /** The smallest gap between two strikes of the expiry, null with a single strike. */
  strike_step: z.number().nullable(),
  underlying_price: z.object({
    ltp: z.number(),
    source: z.enum(UNDERLYING_PRICE_SOURCES),
    /** The cash listing priced, when the source is cash. */
    script_id: z.string().nullable(),
  }),
  atm_strike: z.number(),
  /** Lowest strike first; the ATM row has `is_atm`. */
  rows: z.array(optionChainRowSchema),
  /** The second the prices are quoted for (ISO). */
  as_of: z.string(),
});
export type OptionChain = z.infer<typeof optionChainSchema>;

/** An underlying whose options the master lists, as the script search offers its chain. */
export const optionUnderlyingSchema = z.object({
  underlying: z.string(),
  exchange: optionExchangeSchema,
  lot_size: z.number().int().positive(),
  /** The nearest expiry still trading (yyyy-MM-dd). */
  nearest_expiry: z.string(),
  expiry_count: z.number().int().nonnegative(),
});
export type OptionUnderlying = z.infer<typeof optionUnderlyingSchema>;
