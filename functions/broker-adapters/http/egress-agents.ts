import { createEgressAgent } from '../../platform/egress/egress-tunnel';
import type { EgressRoute } from '../../platform/egress/egress-route';
import { keepAliveOptions, type AgentSettings, type BrokerAgent } from './keep-alive-agents';

/**
 * One keep-alive agent per (broker origin, slot): a shared pool would hand an order a socket bound to
 * another customer's address. Shared by every adapter in the process, like the direct pool.
 */
export class EgressAgentPool {
  private readonly agents = new Map<string, BrokerAgent>();

  agentFor(origin: URL, settings: AgentSettings, route: EgressRoute): BrokerAgent {
    const key = `${origin.protocol}//${origin.host}|${route.ipId}|${route.bindAddress}|${route.proxyUrl}|${route.token}`;
    const existing = this.agents.get(key);
    if (existing) return existing;
    const agent = createEgressAgent(origin, route, keepAliveOptions(settings));
    this.agents.set(key, agent);
    return agent;
  }

  /** Closes every pooled tunnel (tests, shutdown). */
  destroyAll(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

export const sharedEgressAgentPool = new EgressAgentPool();
