import { tradingDay } from '../../shared/domain/market-clock';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { now } from '../../functions/platform/clock';

/**
 * Contracts the runtime lists on the test's own day: the sample master it serves is built for the
 * clock's trading day, so a test names a future from that master, never a symbol that ages.
 */
export function farthestListedFuture(underlying: string): string {
  const futures = buildSampleMaster(tradingDay(now())).instruments.filter((row) => row.name === underlying && row.instrument_type === 'FUT');
  const farthest = futures.sort((a, b) => (a.expiry ?? '').localeCompare(b.expiry ?? '')).at(-1);
  if (!farthest) throw new Error(`the sample master lists no ${underlying} future`);
  return farthest.script_id;
}
