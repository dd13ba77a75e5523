import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

export interface AgentSettings {
  /** Upper bound of parallel TCP connections to one broker host. */
  readonly maxSockets: number;
  /** An idle kept-alive socket is closed after this long (kept below the broker's own idle timeout). */
  readonly idleSocketMs: number;
  /** Outgoing address (static IP bound to the account, DESIGN.md §5); undefined = any. */
  readonly localAddress?: string;
}

export type BrokerAgent = HttpAgent | HttpsAgent;

/** How every broker socket pool keeps its connections (direct, or through a static IP's tunnel). */
export function keepAliveOptions(settings: AgentSettings) {
  return {
    keepAlive: true,
    maxSockets: settings.maxSockets,
    maxFreeSockets: settings.maxSockets,
    timeout: settings.idleSocketMs,
    scheduling: 'lifo' as const,
  };
}

/** One keep-alive agent per broker origin (and outgoing address), shared by every adapter in the process. */
export class KeepAliveAgentPool {
  private readonly agents = new Map<string, BrokerAgent>();

  agentFor(origin: URL, settings: AgentSettings): BrokerAgent {
    const key = `${origin.protocol}//${origin.host}|${settings.localAddress ?? ''}`;
    const existing = this.agents.get(key);
    if (existing) return existing;
    const options = { ...keepAliveOptions(settings), ...(settings.localAddress ? { localAddress: settings.localAddress } : {}) };
    const agent = origin.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    this.agents.set(key, agent);
    return agent;
  }

  /** Closes every pooled socket (tests, shutdown). */
  destroyAll(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

export const sharedAgentPool = new KeepAliveAgentPool();
