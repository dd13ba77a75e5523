/** How often an account's positions and order book are read again while its page is visible. */
export const ACCOUNT_LIVE_REFRESH_MS = 3_000;
