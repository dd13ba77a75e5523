import type { Instrument } from '../../../shared/domain/instruments';
import { lastTradedPrices } from '../../market/ltp';

/**
 * The underlying's price an ATM strike is measured against. An equity's is its own LTP. The master
 * lists no index (nor commodity) spot, so theirs is the chain's synthetic future: at the strike where
 * call and put premiums are closest, put–call parity gives price ≈ strike + call − put — the usual
 * "synthetic ATM" of index option traders, and what the chain's own prices say the market is at.
 * Null when neither is available (no prices, or a chain without a call and a put on one strike).
 */
export async function underlyingPriceOf(
  cash: Instrument | null,
  calls: readonly Instrument[],
  puts: readonly Instrument[],
  at: Date,
): Promise<number | null> {
  if (cash) return (await lastTradedPrices([cash], at)).get(cash.script_id) ?? null;
  const putByStrike = new Map(puts.map((put) => [put.strike, put]));
  const pairs = calls.flatMap((call) => {
    const put = putByStrike.get(call.strike);
    return put && call.strike !== null ? [{ strike: call.strike, call, put }] : [];
  });
  if (pairs.length === 0) return null;
  const prices = await lastTradedPrices(
    pairs.flatMap(({ call, put }) => [call, put]),
    at,
  );
  let best: { strike: number; difference: number } | null = null;
  for (const { strike, call, put } of pairs) {
    const callPrice = prices.get(call.script_id);
    const putPrice = prices.get(put.script_id);
    if (callPrice === undefined || putPrice === undefined) continue;
    const difference = callPrice - putPrice;
    if (best === null || Math.abs(difference) < Math.abs(best.difference)) best = { strike, difference };
  }
  return best === null ? null : best.strike + best.difference;
}
