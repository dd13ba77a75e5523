import type { PnlSeries } from '../../shared/contracts/dashboard';
import { marketDayOf, startOfMarketDay, tradingDay } from '../../shared/domain/market-clock';
import { loadOwnedAccount } from '../broker-accounts/accounts/owned-account';
import type { AccountOwner } from '../data/broker-accounts-repository';
import { lastTradedPrices } from '../market/ltp';
import { now as clockNow } from '../platform/clock';
import { pnlPoints, seriesTimes, type PriceReader } from './pnl-series';
import { fillsOf, listDayOrders } from './todays-fills';

/**
 * Today's P&L line over all the owner's accounts, or one of them (another user's account id is 404).
 * Prices come from the paper feed, where every price of the platform comes from today (market/ltp.ts).
 */
export async function pnlThroughDay(owner: AccountOwner, accountId: string | undefined, now = clockNow(), priceAt: PriceReader = lastTradedPrices): Promise<PnlSeries> {
  if (accountId !== undefined) await loadOwnedAccount(owner, accountId);
  const day = tradingDay(now);
  const fills = fillsOf(await listDayOrders(owner, day, accountId));
  const scripts = new Set(fills.map((fill) => fill.instrument.script_id)).size;
  const { stepMinutes, times } = seriesTimes(startOfMarketDay(marketDayOf(now)).getTime(), fills[0]?.atMs ?? null, now.getTime(), scripts);
  return { trading_day: day, step_minutes: stepMinutes, fills: fills.length, scripts, points: await pnlPoints(fills, times, priceAt) };
}
