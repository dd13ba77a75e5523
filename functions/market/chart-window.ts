import type { Instrument } from '../../shared/domain/instruments';
import { marketDayOf } from '../../shared/domain/market-clock';
import { createMarketHours, sessionOn } from '../broker-adapters/paper/market-hours';
import { isExchangeHoliday } from './exchange-holidays';

/**
 * The stretch of time a day's price chart covers. On a trading day it is the exchange session
 * (09:15–15:30 IST on NSE/BSE/NFO/BFO, from 09:00 on MCX); on a weekend or a holiday there is none.
 * Asked for no day, the chart shows the clock's day once its session has opened, else the last day
 * that traded (a Saturday shows Friday, 08:00 shows the day before).
 *
 * When the paper market trades around the clock (local demos, tests: `alwaysOpen`), every day trades
 * and a day's window runs from its session open to the next day's, so an order placed at night still
 * falls on the chart; candles stay aligned to the session open either way.
 */
export interface ChartWindow {
  /** Market day number (days since 1970-01-01, IST). */
  readonly day: number;
  readonly isTradingDay: boolean;
  readonly opensAt: Date;
  /** The first instant after the window. */
  readonly endsAt: Date;
}

export interface ChartWindowOptions {
  readonly alwaysOpen: boolean;
  /** The day asked for; absent: the clock's, or the last one that traded. */
  readonly day?: number | undefined;
}

/** Covers the longest run of holidays and a weekend. */
const MAX_DAYS_BACK = 10;

const calendar = createMarketHours({ isHoliday: isExchangeHoliday });

function windowOn(instrument: Instrument, day: number, alwaysOpen: boolean): ChartWindow {
  const session = sessionOn(instrument, day);
  if (alwaysOpen) return { day, isTradingDay: true, opensAt: session.opensAt, endsAt: sessionOn(instrument, day + 1).opensAt };
  return { day, isTradingDay: calendar.isTradingDay(instrument.exchange, day), opensAt: session.opensAt, endsAt: session.closesAt };
}

export function chartWindowOf(instrument: Instrument, at: Date, options: ChartWindowOptions): ChartWindow {
  if (options.day !== undefined) return windowOn(instrument, options.day, options.alwaysOpen);
  const today = marketDayOf(at);
  for (let day = today; day >= today - MAX_DAYS_BACK; day -= 1) {
    const window = windowOn(instrument, day, options.alwaysOpen);
    if (window.isTradingDay && window.opensAt.getTime() <= at.getTime()) return window;
  }
  return windowOn(instrument, today, options.alwaysOpen);
}
