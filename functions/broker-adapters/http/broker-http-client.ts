import { sharedEgressAgentPool, type EgressAgentPool } from './egress-agents';
import type { EgressRoute, EgressScope } from '../../platform/egress/egress-route';
import { sharedAgentPool, type AgentSettings, type BrokerAgent, type KeepAliveAgentPool } from './keep-alive-agents';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, mayRetry, type CallMode, type RetryPolicy } from './retry-policy';
import type { InFlightGate } from './in-flight-gate';
import { sendRequest, type HttpAnswer } from './send-request';

export interface BrokerEndpoint extends AgentSettings {
  readonly baseUrl: string;
  /** Overall deadline of one attempt (reliability C5: ≤ 5 s). */
  readonly timeoutMs: number;
  /** The account's static IP: its calls (per `egressScope`) go through the slot's tunnel, never direct. */
  readonly egress?: EgressRoute;
  /** Which calls use `egress` (default 'writes': order-changing calls; 'all' for logins). */
  readonly egressScope?: EgressScope;
}

export interface BrokerHttpCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly query?: readonly (readonly [string, string])[];
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly mode: CallMode;
}

export interface BrokerHttpClientOptions {
  readonly agents?: KeepAliveAgentPool;
  readonly egressAgents?: EgressAgentPool;
  /** Bounds the calls of one account on the wire at once (absent: unbounded). */
  readonly gate?: InFlightGate;
  readonly retry?: RetryPolicy;
  readonly sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends broker calls over one keep-alive agent per host — per host and slot for the calls that leave
 * from the account's static IP — retrying only what `mayRetry` allows.
 * Returns the last HTTP answer (any status) or throws the last TransportFailure.
 */
export class BrokerHttpClient {
  private readonly agents: KeepAliveAgentPool;
  private readonly egressAgents: EgressAgentPool;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly gate: InFlightGate | null;

  constructor(
    private readonly endpoint: BrokerEndpoint,
    options: BrokerHttpClientOptions = {},
  ) {
    this.agents = options.agents ?? sharedAgentPool;
    this.egressAgents = options.egressAgents ?? sharedEgressAgentPool;
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.sleep = options.sleep ?? realSleep;
    this.gate = options.gate ?? null;
  }

  async send(call: BrokerHttpCall): Promise<HttpAnswer> {
    const url = new URL(call.path, this.endpoint.baseUrl);
    for (const [name, value] of call.query ?? []) url.searchParams.append(name, value);
    const agent = this.agentFor(url, call.mode);
    for (let attempt = 1; ; attempt += 1) {
      const raw = { method: call.method, url, headers: call.headers, body: call.body ?? null, timeoutMs: this.endpoint.timeoutMs, agent };
      let outcome: { answer: HttpAnswer } | { failure: unknown };
      try {
        outcome = { answer: await (this.gate ? this.gate.run(() => sendRequest(raw)) : sendRequest(raw)) };
      } catch (failure) {
        outcome = { failure };
      }
      if (attempt >= this.retry.maxAttempts || !mayRetry(call.mode, outcome)) {
        if ('answer' in outcome) return outcome.answer;
        throw outcome.failure;
      }
      await this.sleep(backoffDelayMs(this.retry, attempt));
    }
  }

  /** The slot's tunnel for writes (or every call with scope 'all'); the direct pool otherwise. */
  private agentFor(url: URL, mode: BrokerHttpCall['mode']): BrokerAgent {
    const { egress, egressScope = 'writes' } = this.endpoint;
    if (egress && (mode === 'write' || egressScope === 'all')) return this.egressAgents.agentFor(url, this.endpoint, egress);
    return this.agents.agentFor(url, this.endpoint);
  }
}
