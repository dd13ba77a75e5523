import type { PriceCandles } from '../../shared/contracts/price-candles';
import { formatDay, marketDayOf, parseDay } from '../../shared/domain/market-clock';
import { ValidationError } from '../platform/errors';
import type { CandleTimeframe } from './candles';
import { chartWindowOf } from './chart-window';
import { findScript, quotedSecondOf } from './ltp';
import { paperCandleSeries } from './price-candles';

/**
 * A script's candles for one day (POST /scripts/getcandles): the day asked for, or the clock's (the
 * last that traded before its session opens), up to the current second. One day at most per request,
 * and at most `MAX_DAYS_BACK` days back: each day's prices are read from the feed once and kept.
 */
export const MAX_DAYS_BACK = 366;

export interface CandlesQuery {
  readonly scriptId: string;
  readonly timeframe: CandleTimeframe;
  /** yyyy-MM-dd, a real calendar date (the contract checks it). */
  readonly date?: string | undefined;
}

function dayAsked(date: string | undefined, at: Date): number | undefined {
  if (date === undefined) return undefined;
  const day = parseDay(date);
  const today = marketDayOf(at);
  if (day === null) throw new ValidationError([{ path: 'date', message: 'Enter a real date.' }]);
  if (day > today) throw new ValidationError([{ path: 'date', message: 'That day has not traded yet.' }], 'That day has not traded yet.');
  if (day < today - MAX_DAYS_BACK) throw new ValidationError([{ path: 'date', message: 'Charts go back at most a year.' }], 'Charts go back at most a year.');
  return day;
}

export async function scriptCandles(query: CandlesQuery, at: Date, options: { readonly alwaysOpen: boolean }): Promise<PriceCandles> {
  const instrument = await findScript(query.scriptId);
  const window = chartWindowOf(instrument, at, { alwaysOpen: options.alwaysOpen, day: dayAsked(query.date, at) });
  const opensSecond = window.opensAt.getTime() / 1000;
  const lastSecond = Math.min(quotedSecondOf(at).getTime() / 1000, window.endsAt.getTime() / 1000 - 1);
  const candles = paperCandleSeries.candles(instrument, window, query.timeframe, lastSecond);
  return {
    script_id: instrument.script_id,
    timeframe: query.timeframe,
    date: formatDay(window.day),
    is_trading_day: window.isTradingDay,
    opens_at: window.opensAt.toISOString(),
    closes_at: window.endsAt.toISOString(),
    as_of: new Date(Math.max(opensSecond, lastSecond) * 1000).toISOString(),
    candles: candles.map((candle) => ({ time: candle.startsAt / 1000, open: candle.open, high: candle.high, low: candle.low, close: candle.close })),
  };
}
