import type { LtpQuote } from '../../shared/contracts/scripts';
import type { Instrument } from '../../shared/domain/instruments';
import { marketDayOf } from '../../shared/domain/market-clock';
import type { BrokerAdapter } from '../broker-adapters/broker-adapter';
import { createMarketHours, sessionOn } from '../broker-adapters/paper/market-hours';
import { createPriceFeed, secondOf } from '../broker-adapters/paper/price-feed';
import { roundToTick } from '../../shared/domain/tick-math';
import { BrokerFailureError, NotFoundError } from '../platform/errors';
import { isExchangeHoliday } from './exchange-holidays';
import { instrumentMaster } from './instrument-master';

/**
 * Last traded prices of the instrument master's scripts.
 *
 * Today every price comes from the paper market's feed, with the seed the paper broker fills at, so a
 * paper account trades at the prices the screens show. The seam for real brokers is `lastTradedPrices`'
 * optional `account`: the broker adapter of the account the caller trades with. Once broker accounts
 * are wired to these calls, passing it makes the account's broker answer; no caller passes one yet.
 */
export type PricingAccount = Pick<BrokerAdapter, 'ltp'>;

const paperFeed = createPriceFeed();
const paperHours = createMarketHours({ isHoliday: isExchangeHoliday });

/** How far back the previous close is looked for (covers the longest run of holidays and a weekend). */
const MAX_DAYS_WITHOUT_TRADING = 10;

export class UnknownScriptError extends NotFoundError {
  constructor() {
    super('Unknown script');
  }
}

/** The master's instrument for a script id; 404 'Unknown script' when the master does not list it. */
export async function findScript(scriptId: string): Promise<Instrument> {
  const instrument = (await instrumentMaster()).byScriptId.get(scriptId);
  if (!instrument) throw new UnknownScriptError();
  return instrument;
}

/** The start of the second a price is quoted for (the paper feed moves once a second). */
export function quotedSecondOf(at: Date): Date {
  return new Date(secondOf(at) * 1000);
}

/** Prices keyed by script id: from the account's broker when one is given, else from the paper feed. */
export async function lastTradedPrices(instruments: readonly Instrument[], at: Date, account?: PricingAccount): Promise<ReadonlyMap<string, number>> {
  if (account) return account.ltp(instruments);
  return new Map(instruments.map((instrument) => [instrument.script_id, paperFeed.ltp(instrument, at)]));
}

export async function quoteScript(scriptId: string, at: Date, account?: PricingAccount): Promise<LtpQuote> {
  const instrument = await findScript(scriptId);
  const ltp = (await lastTradedPrices([instrument], at, account)).get(instrument.script_id);
  if (ltp === undefined) throw new BrokerFailureError(`No price for ${instrument.script_id}`);
  return { script_id: instrument.script_id, ltp, as_of: quotedSecondOf(at).toISOString() };
}

/**
 * The last second of the last session before the market day of `at` (IST), skipping weekends and the
 * exchange's holidays; null if none trades within `MAX_DAYS_WITHOUT_TRADING` days. Sessions are the
 * paper exchange's (09:15–15:30 for NSE/BSE/NFO/BFO, MCX to 23:30 or 23:55), and a close excludes its
 * closing second, so the last trade of the day is one second before it.
 */
export function previousCloseInstant(instrument: Instrument, at: Date): Date | null {
  const today = marketDayOf(at);
  for (let day = today - 1; day >= today - MAX_DAYS_WITHOUT_TRADING; day -= 1) {
    if (paperHours.isTradingDay(instrument.exchange, day)) return new Date(sessionOn(instrument, day).closesAt.getTime() - 1000);
  }
  return null;
}

export interface ChangeSinceClose {
  readonly previous_close: number | null;
  readonly change: number | null;
  /** Percent of the previous close, to two decimals. */
  readonly change_percent: number | null;
}

/** How far a price has moved since the previous close on the paper market. */
export function changeSincePreviousClose(instrument: Instrument, ltp: number, at: Date): ChangeSinceClose {
  const closedAt = previousCloseInstant(instrument, at);
  if (closedAt === null) return { previous_close: null, change: null, change_percent: null };
  const previousClose = paperFeed.ltp(instrument, closedAt);
  const change = roundToTick(ltp - previousClose, instrument.tick_size);
  const changePercent = Math.round((change / previousClose) * 10_000) / 100;
  return { previous_close: previousClose, change, change_percent: changePercent };
}
