import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../../shared/domain/brokers';
import type { BrokerEndpoint } from '../http/broker-http-client';
import { perDay, perMinute, perSecond, type RatePlan } from '../http/rate-window';
import type { Exchange } from '../mapping/exchanges';

/** Fyers API v3 facts (reference/brokers.md §5), kept in one place because they change. */
export const FYERS_BROKER = 'fyers';
/** One origin serves both the trading API (`/api/v3/…`) and market data (`/data/…`), so one keep-alive agent covers both. */
export const FYERS_API_BASE_URL = 'https://api-t1.fyers.in';

export const FYERS_PATHS = {
  generateAuthCode: '/api/v3/generate-authcode',
  validateAuthCode: '/api/v3/validate-authcode',
  validateRefreshToken: '/api/v3/validate-refresh-token',
  profile: '/api/v3/profile',
  orders: '/api/v3/orders',
  /** Place (POST), modify (PATCH) and cancel (DELETE) share this path (§5.3, §5.4). */
  orderSync: '/api/v3/orders/sync',
  positions: '/api/v3/positions',
  funds: '/api/v3/funds',
  holdings: '/api/v3/holdings',
  margin: '/api/v3/multiorder/margin',
  quotes: '/data/quotes',
} as const;

export const FYERS_VALIDITY = 'DAY';
/** Symbols per `/data/quotes` call (Fyers accepts up to 50, §5.6). */
export const FYERS_QUOTE_BATCH_SIZE = 50;

/** Answer `code` of a request Fyers sent on but could not confirm: check the order book before deciding (§5.3). */
export const FYERS_UNACKNOWLEDGED_CODE = 201;

/** The refresh token renews the access token for 15 days after login (§5.1). */
export const FYERS_REFRESH_TOKEN_LIFETIME_MS = 15 * 86_400_000;
/**
 * Fyers tokens are JWTs and their `exp` is trusted. The access token's cut-off is not documented (§5.1,
 * UNVERIFIED), so a token without a readable `exp` is given a short life: ending it too early costs a refresh,
 * ending it too late would send calls on a dead token.
 */
export const FYERS_ACCESS_TOKEN_FALLBACK_LIFETIME_MS = 8 * 3_600_000;

/** `fund_limit` rows (§ Funds) by their documented titles: what can be traded with, and what is in use. */
export const FYERS_FUND_TITLES = { available: 'Available Balance', used: 'Utilized Amount' } as const;

/** A read refused with 429 / −429 is waited out and repeated this many times; a write never is (it reached Fyers). */
export const FYERS_READ_RETRIES_AFTER_RATE_LIMIT = 1;

/**
 * `<symbol prefix>|<segment code>` → platform exchange. Books give the segment (10 cash, 11 equity F&O,
 * 20 commodity) next to the symbol; the prefix is read from the symbol because the numeric `exchange` of
 * the documented position sample disagrees with its own symbol (MCX row with exchange 10).
 */
export const FYERS_SEGMENT_EXCHANGES: Readonly<Record<string, Exchange>> = {
  'NSE|10': 'NSE',
  'BSE|10': 'BSE',
  'NSE|11': 'NFO',
  'BSE|11': 'BFO',
  'MCX|20': 'MCX',
};

/** One call class: Fyers' limits (10/s, 200/min, 100,000/day) cover all its APIs together (§5.8). */
export type FyersRateClass = 'api';

/**
 * §5.8, per user: a user who exceeds the per-minute limit more than 3 times is blocked for the day, so the
 * limits are kept on our side. 10/s is also the platform's per-account order cap.
 */
export const FYERS_RATE_PLAN: RatePlan<FyersRateClass> = {
  api: [perSecond(Math.min(10, MAX_ORDERS_PER_SECOND_PER_ACCOUNT)), perMinute(200), perDay(100_000)],
};

export const FYERS_ENDPOINT: BrokerEndpoint = {
  baseUrl: FYERS_API_BASE_URL,
  timeoutMs: 5_000,
  maxSockets: 128,
  idleSocketMs: 15_000,
};
