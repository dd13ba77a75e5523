import { runStrategySubscriptionRenewals, type StrategyRenewalSummary } from '../group-strategies/renew-strategy-subscriptions';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';

/**
 * The strategy-subscriptions schedule (every 15 minutes): reminds subscribers 3 days before a period
 * ends, renews auto-renewing subscriptions from the wallet at the end (or ends them when it cannot pay),
 * ends the others, and takes ended subscribers' accounts out of the strategies' fan-out.
 */
export async function handler(): Promise<StrategyRenewalSummary> {
  const log = createLogger({ worker: 'strategy-subscriptions' }, config().logLevel);
  const summary = await runStrategySubscriptionRenewals(log);
  if (Object.values(summary).some((count) => count > 0)) log.info('strategy subscription renewals', { ...summary });
  return summary;
}
