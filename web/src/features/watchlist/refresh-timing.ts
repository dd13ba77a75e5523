/** How often the watch list's prices are fetched again while the page is visible. */
export const WATCHLIST_REFRESH_MS = 5_000;
/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;
