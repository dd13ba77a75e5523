import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../../shared/domain/brokers';
import type { BrokerEndpoint } from '../http/broker-http-client';
import { perMinute, perSecond, type RatePlan, type RateWindow } from '../http/rate-window';
import type { Exchange } from '../mapping/exchanges';

/** Upstox API v2/v3 facts (reference/brokers.md §4), kept in one place because they change. */
export const UPSTOX_BROKER = 'upstox';
/** Login, books, portfolio, funds and quotes. */
export const UPSTOX_API_BASE_URL = 'https://api.upstox.com';
/** The documented host of the v3 order APIs (§4.2); the v2 order endpoints on the general host are deprecated. */
export const UPSTOX_ORDER_API_BASE_URL = 'https://api-hft.upstox.com';

/** Which host serves a call. */
export type UpstoxHost = 'api' | 'orders';

export const UPSTOX_PATHS = {
  authorize: '/v2/login/authorization/dialog',
  token: '/v2/login/authorization/token',
  placeOrder: '/v3/order/place',
  modifyOrder: '/v3/order/modify',
  cancelOrder: '/v3/order/cancel',
  orderBook: '/v2/order/retrieve-all',
  orderDetails: '/v2/order/details',
  positions: '/v2/portfolio/short-term-positions',
  funds: '/v2/user/get-funds-and-margin',
  ltp: '/v3/market-quote/ltp',
  holdings: '/v2/portfolio/long-term-holdings',
  margin: '/v2/charges/margin',
} as const;

export const UPSTOX_VALIDITY = 'DAY';
/** `segment=SEC` asks for the equity funds only (the platform reads equity margins, as for the other brokers). */
export const UPSTOX_EQUITY_FUNDS_SEGMENT = 'SEC';
/** Instrument keys per LTP call (Upstox accepts up to 500, §4.6). */
export const UPSTOX_LTP_BATCH_SIZE = 500;
/** Upstox takes commodity quantities as a number of lots, every other segment in units (§1.6, §4.3). */
export const UPSTOX_LOT_QUANTITY_EXCHANGES: readonly Exchange[] = ['MCX'];
/** A read refused with 429 is waited for and repeated, at most this many attempts in all (writes never are). */
export const UPSTOX_RATE_LIMITED_READ_ATTEMPTS = 3;

export type UpstoxRateClass = 'order' | 'read';

const perHalfHour = (limit: number): RateWindow => ({ limit, windowMs: 30 * 60_000 });

/**
 * §4.8 (per user): order APIs 10/s (unregistered algos; the platform's own cap is the same), 500/min,
 * 2,000/30 min; other APIs 50/s, 500/min, 2,000/30 min. Upstox counts per API; one budget for all reads is the safe side.
 */
export const UPSTOX_RATE_PLAN: RatePlan<UpstoxRateClass> = {
  order: [perSecond(MAX_ORDERS_PER_SECOND_PER_ACCOUNT), perMinute(500), perHalfHour(2_000)],
  read: [perSecond(50), perMinute(500), perHalfHour(2_000)],
};

const ENDPOINT_SETTINGS = { timeoutMs: 5_000, maxSockets: 128, idleSocketMs: 15_000 };

export const UPSTOX_API_ENDPOINT: BrokerEndpoint = { baseUrl: UPSTOX_API_BASE_URL, ...ENDPOINT_SETTINGS };
export const UPSTOX_ORDER_ENDPOINT: BrokerEndpoint = { baseUrl: UPSTOX_ORDER_API_BASE_URL, ...ENDPOINT_SETTINGS };
