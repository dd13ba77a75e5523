import { BrokerHttpClient, type BrokerEndpoint } from './broker-http-client';
import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../../shared/domain/brokers';
import { inFlightGateFor } from './in-flight-gate';
import type { EgressRoute, EgressScope } from '../../platform/egress/egress-route';
import type { KeepAliveAgentPool } from './keep-alive-agents';
import { AccountRateLimits, type LimiterRegistry } from './limiter-registry';
import type { RatePlan } from './rate-window';
import type { RetryPolicy } from './retry-policy';

/** What every adapter can be tuned with (defaults are each broker's documented values). */
export interface PlumbingOverrides<Class extends string> {
  readonly endpoint?: Partial<BrokerEndpoint>;
  readonly ratePlan?: RatePlan<Class>;
  readonly limiters?: LimiterRegistry;
  readonly agents?: KeepAliveAgentPool;
  readonly retry?: RetryPolicy;
  /** The account's static IP (egress-route.ts); absent = every call goes direct. */
  readonly egress?: EgressRoute;
  /** 'writes' (default) for trading; 'all' for logins and token exchanges, which brokers bind to the IP they came from. */
  readonly egressScope?: EgressScope;
}

export interface BrokerPlumbing<Class extends string> {
  readonly http: BrokerHttpClient;
  readonly limits: AccountRateLimits<Class>;
}

export function createBrokerPlumbing<Class extends string>(
  broker: string,
  accountKey: string,
  defaults: { readonly endpoint: BrokerEndpoint; readonly ratePlan: RatePlan<Class> },
  overrides: PlumbingOverrides<Class>,
): BrokerPlumbing<Class> {
  const endpoint = {
    ...defaults.endpoint,
    ...overrides.endpoint,
    ...(overrides.egress ? { egress: overrides.egress } : {}),
    ...(overrides.egressScope ? { egressScope: overrides.egressScope } : {}),
  };
  return {
    http: new BrokerHttpClient(endpoint, {
      gate: inFlightGateFor(`${broker}:${accountKey}`, MAX_ORDERS_PER_SECOND_PER_ACCOUNT),
      ...(overrides.agents ? { agents: overrides.agents } : {}),
      ...(overrides.retry ? { retry: overrides.retry } : {}),
    }),
    limits: new AccountRateLimits(broker, accountKey, overrides.ratePlan ?? defaults.ratePlan, overrides.limiters),
  };
}
