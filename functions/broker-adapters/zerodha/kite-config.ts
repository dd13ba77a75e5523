import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../../shared/domain/brokers';
import type { BrokerEndpoint } from '../http/broker-http-client';
import { perDay, perMinute, perSecond, type RatePlan } from '../http/rate-window';

/** Zerodha Kite Connect v3 facts (reference/brokers.md §2), kept in one place because they change. */
export const KITE_BROKER = 'zerodha';
export const KITE_API_BASE_URL = 'https://api.kite.trade';
export const KITE_LOGIN_URL = 'https://kite.zerodha.com/connect/login';
export const KITE_API_VERSION = '3';

/** Kite `market_protection`: -1 lets Kite choose the protection for MARKET orders (§9.2). */
export const KITE_MARKET_PROTECTION = '-1';
export const KITE_VALIDITY = 'DAY';
/** Instruments per `/quote/ltp` call (Kite accepts up to 1,000). */
export const KITE_LTP_BATCH_SIZE = 500;

export type KiteRateClass = 'order' | 'read' | 'quote';

/** §2.8: orders 10/s, 400/min, 5,000/day (capped by the platform's 10/s); quotes 1/s; everything else 10/s. */
export const KITE_RATE_PLAN: RatePlan<KiteRateClass> = {
  order: [perSecond(MAX_ORDERS_PER_SECOND_PER_ACCOUNT), perMinute(400), perDay(5_000)],
  read: [perSecond(10)],
  quote: [perSecond(1)],
};

/**
 * Sockets are shared by every account on this broker host: a 200-child group order at 128 in flight needs
 * that many to finish within a second (the group fan-out bench); one account never holds more than 10
 * (the in-flight gate), and sequential traffic keeps reusing a few.
 */
export const KITE_ENDPOINT: BrokerEndpoint = {
  baseUrl: KITE_API_BASE_URL,
  timeoutMs: 5_000,
  maxSockets: 128,
  idleSocketMs: 15_000,
};
