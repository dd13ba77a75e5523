import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../../shared/domain/brokers';
import type { BrokerEndpoint } from '../http/broker-http-client';
import { perHour, perMinute, perSecond, type RatePlan } from '../http/rate-window';

/** Angel One SmartAPI facts (reference/brokers.md §3), kept in one place because they change. */
export const ANGEL_BROKER = 'angelone';
export const ANGEL_API_BASE_URL = 'https://apiconnect.angelone.in';

export const ANGEL_PATHS = {
  login: '/rest/auth/angelbroking/user/v1/loginByPassword',
  refresh: '/rest/auth/angelbroking/jwt/v1/generateTokens',
  placeOrder: '/rest/secure/angelbroking/order/v1/placeOrder',
  modifyOrder: '/rest/secure/angelbroking/order/v1/modifyOrder',
  cancelOrder: '/rest/secure/angelbroking/order/v1/cancelOrder',
  orderBook: '/rest/secure/angelbroking/order/v1/getOrderBook',
  positions: '/rest/secure/angelbroking/order/v1/getPosition',
  funds: '/rest/secure/angelbroking/user/v1/getRMS',
  quote: '/rest/secure/angelbroking/market/v1/quote',
  holdings: '/rest/secure/angelbroking/portfolio/v1/getAllHolding',
  marginBatch: '/rest/secure/angelbroking/margin/v1/batch',
} as const;

export const ANGEL_DURATION = 'DAY';
/** Tokens per `market/v1/quote` call (Angel accepts up to 50). */
export const ANGEL_QUOTE_BATCH_SIZE = 50;
/** A fresh JWT lives 24–28 h (§3.1); the lower bound is used so a call is never sent on a dead token. */
export const ANGEL_SESSION_LIFETIME_MS = 24 * 3_600_000;

export type AngelRateClass = 'order' | 'book' | 'quote' | 'login';

/**
 * §3.8 (per client code): orders 20/s, 500/min, 1000/h, capped by the platform's 10/s; order book and
 * positions and holdings 1/s (getRMS is not listed and is treated like them); quotes and the margin batch
 * 10/s, 500/min, 5000/h; login and refresh 1/s.
 */
export const ANGEL_RATE_PLAN: RatePlan<AngelRateClass> = {
  order: [perSecond(MAX_ORDERS_PER_SECOND_PER_ACCOUNT), perMinute(500), perHour(1_000)],
  book: [perSecond(1)],
  quote: [perSecond(10), perMinute(500), perHour(5_000)],
  login: [perSecond(1), perHour(1_000)],
};

export const ANGEL_ENDPOINT: BrokerEndpoint = {
  baseUrl: ANGEL_API_BASE_URL,
  timeoutMs: 5_000,
  maxSockets: 128,
  idleSocketMs: 15_000,
};
