import * as z from 'zod';
import { defineCall } from './define-call';
import { scriptIdField, watchlistScriptSchema } from './scripts';

/**
 * Route group `watchlist` (spec §7): the caller's own list of scripts with live prices. Entries live in
 * the caller's partition, so another user's `watchlist_id` is simply not found. Spec §7's
 * `POST /users/watchlist/placeorder` goes through the order path: its contract is in `orders.ts`.
 */
export const MAX_WATCHLIST_ENTRIES = 100;
export const WATCHLIST_FULL_MESSAGE = 'Your watch list is full.';
export const ALREADY_WATCHED_MESSAGE = 'This script is already in your watch list.';

/** Entry ids are ULIDs (26 Crockford base-32 characters). */
export const watchlistIdField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Enter a valid watch list id.');

/** One entry: the script as the watch-list search shows it, its price now, and its move since the previous close. */
export const watchlistEntrySchema = watchlistScriptSchema.extend({
  watchlist_id: z.string(),
  ltp: z.number(),
  /** The second the price is quoted for (ISO instant). */
  as_of: z.string(),
  /** Null when no session closed in the last ten days (never on the regular calendar). */
  previous_close: z.number().nullable(),
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
  /** When the script was added (ISO instant). */
  create_time: z.string(),
});
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

export const watchlistContracts = {
  getWatchlist: defineCall({
    group: 'watchlist',
    method: 'GET',
    path: '/users/watchlist/getwatchlist',
    role: 'user',
    summary: `The caller's watch list (at most ${MAX_WATCHLIST_ENTRIES} scripts, in the order added) with each script's LTP and change since the previous close.`,
    response: z.array(watchlistEntrySchema),
  }),
  addToWatchlist: defineCall({
    group: 'watchlist',
    method: 'POST',
    path: '/users/watchlist/addtowatchlist',
    role: 'user',
    summary: `Add a script of the instrument master to the watch list: 404 for an unknown script, 409 if it is already listed, 422 once the list holds ${MAX_WATCHLIST_ENTRIES}.`,
    request: z.strictObject({ script_id: scriptIdField }),
    response: watchlistEntrySchema,
    activity: 'Added a script to the watch list',
  }),
  removeWatchlist: defineCall({
    group: 'watchlist',
    method: 'POST',
    path: '/users/watchlist/removewatchlist',
    role: 'user',
    summary: "Remove an entry from the caller's watch list; 404 when the caller has no entry with that id.",
    request: z.strictObject({ watchlist_id: watchlistIdField }),
    response: z.object({ watchlist_id: z.string() }),
    activity: 'Removed a script from the watch list',
  }),
} as const;
