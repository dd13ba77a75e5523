import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../../shared/domain/brokers';
import type { BrokerEndpoint } from '../http/broker-http-client';
import { perDay, perHour, perMinute, perSecond, type RatePlan } from '../http/rate-window';

/**
 * DhanHQ API v2 facts (reference/brokers.md §6), kept in one place because they change.
 * Since October 2025 Dhan only takes order calls from the account's whitelisted static IP (§1.3):
 * the account's static IP is bound as the keep-alive agent's local address (DESIGN.md §5 "Static IPs").
 */
export const DHAN_BROKER = 'dhan';
/** Origins only: every path carries its `/v2` (a base URL with a path would be dropped by URL resolution). */
export const DHAN_API_BASE_URL = 'https://api.dhan.co';
export const DHAN_AUTH_BASE_URL = 'https://auth.dhan.co';

export const DHAN_PATHS = {
  /** On the auth host: `?dhanClientId=&pin=&totp=` (§6.1 TOTP route). */
  generateAccessToken: '/app/generateAccessToken',
  renewToken: '/v2/RenewToken',
  orders: '/v2/orders',
  positions: '/v2/positions',
  funds: '/v2/fundlimit',
  holdings: '/v2/holdings',
  marginCalculator: '/v2/margincalculator',
  ltp: '/v2/marketfeed/ltp',
} as const;

export const DHAN_VALIDITY = 'DAY';
/** Instruments per `/marketfeed/ltp` call (Dhan accepts up to 1,000, §6.6). */
export const DHAN_LTP_BATCH_SIZE = 1_000;
/** Tokens live at most 24 h (§6.1); an `expiryTime` further out is not believed. */
export const DHAN_SESSION_LIFETIME_MS = 24 * 3_600_000;
/** A rate-limited read is repeated after the wait at most this many times; a write never is. */
export const DHAN_RATE_LIMIT_READ_RETRIES = 2;

export type DhanRateClass = 'order' | 'read' | 'quote' | 'login';

/**
 * §6.8: order APIs 25/s (capped by the platform's 10/s), 250/min, 1,000/h, 7,000/day; non-trading APIs
 * (order book, positions, holdings, funds, margin calculator, token renewal) 20/s; quote APIs 1/s. The auth host publishes no limit:
 * one login a second is plenty.
 */
export const DHAN_RATE_PLAN: RatePlan<DhanRateClass> = {
  order: [perSecond(MAX_ORDERS_PER_SECOND_PER_ACCOUNT), perMinute(250), perHour(1_000), perDay(7_000)],
  read: [perSecond(20)],
  quote: [perSecond(1)],
  login: [perSecond(1)],
};

const CONNECTION_SETTINGS = { timeoutMs: 5_000, maxSockets: 128, idleSocketMs: 15_000 } as const;

export const DHAN_ENDPOINT: BrokerEndpoint = { baseUrl: DHAN_API_BASE_URL, ...CONNECTION_SETTINGS };
export const DHAN_AUTH_ENDPOINT: BrokerEndpoint = { baseUrl: DHAN_AUTH_BASE_URL, ...CONNECTION_SETTINGS };
