import type { AssetClass } from './reference-levels';

/**
 * The paper market's variance clock ("market time"): the clock both the underlying's walk and its
 * options' time value run on, so the two always agree (a day's move of the walk is exactly the move
 * the options' volatility expects).
 *
 * Markets move mostly while they trade. Market time therefore runs SESSION_WEIGHT times faster during
 * the session (09:15–15:30 IST for NSE/BSE indices and stocks, 09:00–23:30 for MCX commodities) than
 * at night and at weekends, where it still runs at one unit a second (news arrives overnight, so the
 * next open gaps a little). With a weight of 8, a weekday's night carries about a quarter of the day's
 * variance and a weekend about seven tenths of a trading day's. A calendar year holds exactly one
 * year of market time, so an annual volatility σ is σ² of variance per year on either clock.
 *
 * Units are whole numbers for whole seconds, so the Brownian bridge can be read at them. IST has kept
 * UTC+05:30 since 1945, so the clock is plain arithmetic (no time-zone lookup on the order path).
 *
 * Simplifications: exchange holidays count as trading days (the walk moves on them as on any weekday
 * and nobody trades them); MCX's session shape ignores the US daylight-saving switch (23:55 in winter)
 * and the earlier close of agri commodities.
 */
export const SESSION_WEIGHT = 8;

const SECONDS_PER_DAY = 86_400;
const IST_OFFSET_SECONDS = 19_800;
/** 1970-01-01 was a Thursday: day 0 is weekday 3 counting Monday as 0. */
const EPOCH_WEEKDAY_FROM_MONDAY = 3;
const WEEKDAYS = 5;
export const SECONDS_PER_YEAR = 365 * SECONDS_PER_DAY;

export interface MarketClock {
  /** Session open and close, in seconds after midnight IST. */
  readonly opens: number;
  readonly closes: number;
  /** Units of market time in one weekday and in one week. */
  readonly unitsPerWeekday: number;
  readonly unitsPerWeek: number;
  /** Units of market time in a calendar year of 365 days. */
  readonly unitsPerYear: number;
}

function marketClock(opensHour: number, opensMinute: number, closesHour: number, closesMinute: number): MarketClock {
  const opens = opensHour * 3600 + opensMinute * 60;
  const closes = closesHour * 3600 + closesMinute * 60;
  const unitsPerWeekday = SECONDS_PER_DAY + (SESSION_WEIGHT - 1) * (closes - opens);
  const unitsPerWeek = WEEKDAYS * unitsPerWeekday + (7 - WEEKDAYS) * SECONDS_PER_DAY;
  return { opens, closes, unitsPerWeekday, unitsPerWeek, unitsPerYear: (unitsPerWeek * 365) / 7 };
}

const EQUITY_CLOCK = marketClock(9, 15, 15, 30);

export const MARKET_CLOCKS: Readonly<Record<AssetClass, MarketClock>> = {
  index: EQUITY_CLOCK,
  stock: EQUITY_CLOCK,
  commodity: marketClock(9, 0, 23, 30),
};

/** Units of market time elapsed from the epoch to the start of an epoch second (a whole number). */
export function marketUnitsAt(clock: MarketClock, epochSecond: number): number {
  const local = epochSecond + IST_OFFSET_SECONDS;
  const day = Math.floor(local / SECONDS_PER_DAY);
  const second = local - day * SECONDS_PER_DAY;
  const daysFromMonday = day + EPOCH_WEEKDAY_FROM_MONDAY;
  const week = Math.floor(daysFromMonday / 7);
  const weekday = daysFromMonday - week * 7;
  const weekStart = week * clock.unitsPerWeek;
  if (weekday >= WEEKDAYS) return weekStart + WEEKDAYS * clock.unitsPerWeekday + (weekday - WEEKDAYS) * SECONDS_PER_DAY + second;
  const inSession = Math.min(Math.max(second - clock.opens, 0), clock.closes - clock.opens);
  return weekStart + weekday * clock.unitsPerWeekday + second + (SESSION_WEIGHT - 1) * inSession;
}

/** Years of market time from one epoch second to a later one (0 when `to` is not later). */
export function marketYearsBetween(clock: MarketClock, fromSecond: number, toSecond: number): number {
  if (toSecond <= fromSecond) return 0;
  return (marketUnitsAt(clock, toSecond) - marketUnitsAt(clock, fromSecond)) / clock.unitsPerYear;
}

/** Calendar years (365 days) from one epoch second to a later one (0 when `to` is not later). */
export function calendarYearsBetween(fromSecond: number, toSecond: number): number {
  return Math.max(0, toSecond - fromSecond) / SECONDS_PER_YEAR;
}

/** The walk's standard deviation of the log price per √unit of market time for an annual volatility. */
export function volatilityPerUnit(clock: MarketClock, annualVolatility: number): number {
  return annualVolatility / Math.sqrt(clock.unitsPerYear);
}
