/** How often the watch list's prices are fetched again while the page is visible. */
export const WATCHLIST_REFRESH_MS = 5_000;
