import * as z from 'zod';
import { instrumentSchema } from '../domain/instruments';
import { EXCHANGES, exchangeSchema, scriptTypeSchema } from '../domain/ranges';
import { defineCall } from './define-call';

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
} as const;
