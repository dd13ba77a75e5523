import * as z from 'zod';
import { instrumentSchema } from '../domain/instruments';
import { parseDay } from '../domain/market-clock';
import { EXCHANGES, exchangeSchema, scriptTypeSchema } from '../domain/ranges';
import { defineCall } from './define-call';
import { OPTION_CHAIN_MAX_STRIKES, optionChainSchema, optionExchangeSchema, optionUnderlyingSchema } from './option-chain';
import { payloadDateSchema } from './paging';
import { candleTimeframeSchema, priceCandlesSchema } from './price-candles';

/**
 * Route group `scripts` (spec §7): instrument search and last traded prices. Reads, so no activity entry.
 * Spec §8 lists script search among the calls that answer failures with status false and `msg`.
 */
const searchText = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(50, `${label} must be at most 50 characters.`)
    .regex(/^[A-Za-z0-9 &.-]+$/, `${label} may hold letters, digits, spaces, &, . and - only.`);

/** A script as the instrument master names it: `<exchange>:<trading symbol>` (NSE:SBIN, NFO:NIFTY25NOV2524000CE). */
export const scriptIdField = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Script id is required.')
  .max(64, 'Script id must be at most 64 characters.')
  .regex(new RegExp(`^(${EXCHANGES.join('|')}):[A-Z0-9&.-]+$`), 'Enter a script id such as NSE:SBIN.');

/** A last traded price and the instant (to the second) it is quoted for. */
export const ltpQuoteSchema = z.object({
  script_id: z.string(),
  ltp: z.number(),
  as_of: z.string(),
});
export type LtpQuote = z.infer<typeof ltpQuoteSchema>;

/** An instrument as the SPA shows and picks it (the master's broker tokens stay on the server). */
export const scriptSchema = instrumentSchema.pick({
  script_id: true,
  trading_symbol: true,
  name: true,
  exchange: true,
  instrument_type: true,
  expiry: true,
  strike: true,
  lot_size: true,
  tick_size: true,
});
export type Script = z.infer<typeof scriptSchema>;

/** A watch-list candidate: the script plus its base name and a readable label (`NIFTY 30 DEC 25 24000 CE`). */
export const watchlistScriptSchema = scriptSchema.extend({
  base_name: z.string(),
  display_name: z.string(),
});
export type WatchlistScript = z.infer<typeof watchlistScriptSchema>;

const byTypeRequest = z.strictObject({ type: scriptTypeSchema, symbol: searchText('Symbol') });

/** An underlying as the master names its derivatives (NIFTY, BANKNIFTY, RELIANCE, CRUDEOIL). */
const underlyingField = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Underlying is required.')
  .max(30, 'Underlying must be at most 30 characters.')
  .regex(/^[A-Z0-9&-]+$/, 'Enter an underlying such as NIFTY.');

/** A yyyy-MM-dd that is a real calendar date. */
const calendarDate = payloadDateSchema.refine((text) => parseDay(text) !== null, 'Enter a real date.');

const TRADER_VIEWS = 'Issue 16: the option chain and the price chart traders reach for; the spec lists no call for them.';

export const scriptsContracts = {
  searchScriptsByType: defineCall({
    group: 'scripts',
    method: 'POST',
    path: '/scripts/searchscriptsbytype',
    role: 'user',
    summary: 'Scripts of one type (EQ, CE, PE, FUT) whose symbol or name matches, best match first (at most 50).',
    request: byTypeRequest,
    response: z.array(scriptSchema),
    withMsg: true,
  }),
  searchScriptsByExchange: defineCall({
    group: 'scripts',
    method: 'POST',
    path: '/scripts/searchscriptsbyexchange',
    role: 'user',
    summary: 'Scripts of one exchange whose base name (NIFTY, RELIANCE…) matches, best match first (at most 50).',
    request: z.strictObject({ exchange: exchangeSchema, base_name: searchText('Base name') }),
    response: z.array(scriptSchema),
    withMsg: true,
  }),
  searchScriptsForWatchlist: defineCall({
    group: 'scripts',
    method: 'POST',
    path: '/scripts/searchscriptsforwatchlist',
    role: 'user',
    summary: 'The by-type search, with each script labelled for the watch list (at most 50).',
    request: byTypeRequest,
    response: z.array(watchlistScriptSchema),
    withMsg: true,
  }),
  getLtp: defineCall({
    group: 'scripts',
    method: 'POST',
    path: '/scripts/getltp',
    role: 'user',
    summary: "A script's last traded price (the paper market's feed), quoted to the second; 404 for a script the master does not list.",
    request: z.strictObject({ script_id: scriptIdField }),
    response: ltpQuoteSchema,
    withMsg: true,
  }),
  getOptionChain: defineCall({
    group: 'scripts',
    method: 'POST',
    path: '/scripts/getoptionchain',
    role: 'user',
    summary:
      "One expiry of an underlying's options (the nearest unless named): strikes around the money, each with its call and put, LTP, change and open interest; 404 for an underlying or expiry the master does not list.",
    request: z.strictObject({
      underlying: underlyingField,
      exchange: optionExchangeSchema.optional(),
      expiry: calendarDate.optional(),
      strikes: z.number().int().min(1, 'Show at least 1 strike each side.').max(OPTION_CHAIN_MAX_STRIKES, `Show at most ${OPTION_CHAIN_MAX_STRIKES} strikes each side.`).optional(),
    }),
    response: optionChainSchema,
    withMsg: true,
    specExtension: TRADER_VIEWS,
  }),
  searchOptionChains: defineCall({
    group: 'scripts',
    method: 'POST',
    path: '/scripts/searchoptionchains',
    role: 'user',
    summary: 'Underlyings with options whose name matches (exact match first, at most 5), so a search offers their chain.',
    request: z.strictObject({ symbol: searchText('Symbol') }),
    response: z.array(optionUnderlyingSchema),
    withMsg: true,
    specExtension: TRADER_VIEWS,
  }),
  getCandles: defineCall({
    group: 'scripts',
    method: 'POST',
    path: '/scripts/getcandles',
    role: 'user',
    summary: "One day of a script's candles in a timeframe of spec §9, aligned to the session's open, up to now; 404 for a script the master does not list.",
    request: z.strictObject({ script_id: scriptIdField, timeframe: candleTimeframeSchema, date: calendarDate.optional() }),
    response: priceCandlesSchema,
    withMsg: true,
    specExtension: TRADER_VIEWS,
  }),
} as const;
