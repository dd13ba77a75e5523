import { scriptsContracts, watchlistScriptSchema, type WatchlistScript } from '../../shared/contracts/scripts';
import { watchlistContracts, watchlistEntrySchema, type WatchlistEntry } from '../../shared/contracts/watchlist';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { validToken } from './support/tokens';

/** Fixtures and a small in-memory watch-list API for the watch-list tests; every value passes the contract's schema. */
export const NIFTY_CALL: WatchlistScript = watchlistScriptSchema.parse({
  script_id: 'NFO:NIFTY30DEC2524000CE',
  trading_symbol: 'NIFTY30DEC2524000CE',
  name: 'NIFTY',
  exchange: 'NFO',
  instrument_type: 'CE',
  expiry: '2025-12-30',
  strike: 24000,
  lot_size: 75,
  tick_size: 0.05,
  base_name: 'NIFTY',
  display_name: 'NIFTY 30 DEC 25 24000 CE',
});

export const SBIN: WatchlistScript = watchlistScriptSchema.parse({
  script_id: 'NSE:SBIN',
  trading_symbol: 'SBIN',
  name: 'STATE BANK OF INDIA',
  exchange: 'NSE',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  base_name: 'SBIN',
  display_name: 'SBIN',
});

export const ENTRY_IDS = ['01JDZ0000000000000000WT001', '01JDZ0000000000000000WT002'] as const;

export function entryFor(script: WatchlistScript, prices: { ltp: number; previous_close: number | null }, id: string = ENTRY_IDS[0]): WatchlistEntry {
  const change = prices.previous_close === null ? null : prices.ltp - prices.previous_close;
  return watchlistEntrySchema.parse({
    ...script,
    watchlist_id: id,
    ltp: prices.ltp,
    as_of: '2026-03-02T05:30:15.000Z',
    previous_close: prices.previous_close,
    change,
    change_percent: change === null || prices.previous_close === null ? null : (change / prices.previous_close) * 100,
    create_time: '2026-03-02T05:00:00.000Z',
  });
}

const PRICES: Readonly<Record<string, { ltp: number; previous_close: number | null }>> = {
  [NIFTY_CALL.script_id]: { ltp: 212.4, previous_close: 200 },
  [SBIN.script_id]: { ltp: 801.25, previous_close: 812.5 },
};

const ok = (data: unknown) => jsonResponse(successBody(data));

/** Signs in and stubs the shell's calls and a watch-list API: search finds the fixtures by symbol, add and remove change the list. */
export function serveWatchlistApi(initial: readonly WatchlistEntry[] = []) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  let entries = [...initial];
  return stubFetch({
    'GET /api/v4/users/getuserprofile': () => ok(profileFixture()),
    'POST /api/v4/users/getusernotifications': () => ok({ items: [], total: 0, unread_count: 0 }),
    'GET /api/v4/users/watchlist/getwatchlist': () => ok(entries),
    // The search also asks which option chains the text names; these tests search single scripts only.
    'POST /api/v4/scripts/searchoptionchains': () => ok([]),
    'POST /api/v4/scripts/searchscriptsforwatchlist': async (request) => {
      const { type, symbol } = scriptsContracts.searchScriptsForWatchlist.request.parse(await request.clone().json());
      const found = [NIFTY_CALL, SBIN].filter((script) => script.instrument_type === type && script.trading_symbol.startsWith(symbol.toUpperCase()));
      return ok(found);
    },
    'POST /api/v4/users/watchlist/addtowatchlist': async (request) => {
      const { script_id } = watchlistContracts.addToWatchlist.request.parse(await request.clone().json());
      const script = [NIFTY_CALL, SBIN].find((candidate) => candidate.script_id === script_id);
      const prices = PRICES[script_id];
      if (!script || !prices) return jsonResponse(errorBody('Script not found', 'NOT_FOUND'), 404);
      const entry = entryFor(script, prices, ENTRY_IDS[entries.length]);
      entries = [...entries, entry];
      return ok(entry);
    },
    'POST /api/v4/users/watchlist/removewatchlist': async (request) => {
      const { watchlist_id } = watchlistContracts.removeWatchlist.request.parse(await request.clone().json());
      entries = entries.filter((entry) => entry.watchlist_id !== watchlist_id);
      return ok({ watchlist_id });
    },
  });
}

/** The JSON bodies sent to one path, in order. */
export async function bodiesSentTo(requests: readonly Request[], path: string): Promise<unknown[]> {
  const sent = requests.filter((request) => new URL(request.url).pathname === `/api/v4${path}`);
  return Promise.all(sent.map((request) => request.clone().json()));
}
