import type { BrokerHttpClient } from '../http/broker-http-client';
import { createBrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import type { AccountRateLimits } from '../http/limiter-registry';
import { UPSTOX_API_ENDPOINT, UPSTOX_BROKER, UPSTOX_ORDER_ENDPOINT, UPSTOX_RATE_PLAN, type UpstoxHost, type UpstoxRateClass } from './upstox-config';

export interface UpstoxPlumbingOverrides extends PlumbingOverrides<UpstoxRateClass> {
  /** Where the v3 order APIs are (default: Upstox's HFT host); `endpoint.baseUrl` moves the general host only. */
  readonly orderBaseUrl?: string;
}

/** One keep-alive HTTP client per Upstox host, and the account's limits (shared by both hosts). */
export interface UpstoxPlumbing {
  readonly hosts: Readonly<Record<UpstoxHost, BrokerHttpClient>>;
  readonly limits: AccountRateLimits<UpstoxRateClass>;
}

export function createUpstoxPlumbing(accountKey: string, overrides: UpstoxPlumbingOverrides): UpstoxPlumbing {
  const api = createBrokerPlumbing(UPSTOX_BROKER, accountKey, { endpoint: UPSTOX_API_ENDPOINT, ratePlan: UPSTOX_RATE_PLAN }, overrides);
  const orderEndpoint = { ...overrides.endpoint, baseUrl: overrides.orderBaseUrl ?? UPSTOX_ORDER_ENDPOINT.baseUrl };
  const orders = createBrokerPlumbing(
    UPSTOX_BROKER,
    accountKey,
    { endpoint: UPSTOX_ORDER_ENDPOINT, ratePlan: UPSTOX_RATE_PLAN },
    { ...overrides, endpoint: orderEndpoint },
  );
  return { hosts: { api: api.http, orders: orders.http }, limits: api.limits };
}
