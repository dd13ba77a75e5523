import type { Instrument } from '../../../shared/domain/instruments';
import type { BrokerMaster } from '../loaders/broker-master';

/** A feed's own keys in `broker_tokens`: its token and any `<feed>:…` entries (its trading symbol). */
function ownTokens(tokens: Readonly<Record<string, string>>, feed: string): Record<string, string> {
  return Object.fromEntries(Object.entries(tokens).filter(([key]) => key === feed || key.startsWith(`${feed}:`)));
}

/**
 * What a failed feed still contributes: its rows of the previous good master (those carrying its
 * token), minus contracts that expired before the day being built, with only its own tokens, so
 * the other brokers' tokens come from their fresh files.
 */
export function previousFeedRows(feed: string, previous: readonly Instrument[], asOf: string): BrokerMaster {
  const instruments = previous.flatMap((row) => {
    if (!Object.hasOwn(row.broker_tokens, feed) || (row.expiry !== null && row.expiry < asOf)) return [];
    return [{ ...row, broker_tokens: ownTokens(row.broker_tokens, feed) }];
  });
  return { broker: feed, instruments, skipped: 0, rejected: [] };
}
