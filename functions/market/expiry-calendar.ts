import { formatDay } from '../../shared/domain/market-clock';
import { BusinessRuleError } from '../platform/errors';
import { dayFromParts, dayOf, lastDayOfMonth, nextYearMonth, yearMonthOf, type YearMonth } from './calendar-days';
import { MCX_CONTRACT_RULES, type McxContractRule } from './mcx-contracts';
import { tradingDayOnOrBefore, weekdayOf, WEEKDAYS, type Weekday } from './trading-calendar';
import type { ExpiryType } from './listed-expiries';
import { INDEX_UNDERLYINGS } from './underlyings';

/**
 * Expiry dates of exchange-traded derivatives (brokers.md §10.3), on market day numbers.
 * NSE (NFO) contracts expire on Tuesdays and BSE (BFO) on Thursdays from 1-Sep-2025; before that NSE on
 * Thursdays and BSE on Tuesdays. Monthly = the last such weekday of the month. An expiry that falls on a
 * holiday moves to the previous trading day. Weekly contracts exist only for NIFTY and SENSEX.
 */
type EquityVenue = 'NSE' | 'BSE';

const WEEKDAY_SWITCH_DAY = dayOf('2025-09-01');

const EXPIRY_WEEKDAYS: Readonly<Record<EquityVenue, { readonly before: Weekday; readonly fromSwitch: Weekday }>> = {
  NSE: { before: WEEKDAYS.thursday, fromSwitch: WEEKDAYS.tuesday },
  BSE: { before: WEEKDAYS.tuesday, fromSwitch: WEEKDAYS.thursday },
};

/** True when the day is the venue's expiry weekday under the rule in force on that day (before any holiday shift). */
export function isNominalExpiryDay(venue: EquityVenue, day: number): boolean {
  const rule = EXPIRY_WEEKDAYS[venue];
  return weekdayOf(day) === (day >= WEEKDAY_SWITCH_DAY ? rule.fromSwitch : rule.before);
}

/** The next `count` weekly expiries on or after `from`. */
export function weeklyExpiries(venue: EquityVenue, from: number, count: number): number[] {
  const expiries: number[] = [];
  for (let day = from; expiries.length < count; day += 1) {
    if (!isNominalExpiryDay(venue, day)) continue;
    const expiry = tradingDayOnOrBefore(venue, day);
    if (expiry >= from) expiries.push(expiry);
  }
  return expiries;
}

/** The monthly expiry of a calendar month: its last expiry weekday, moved off a holiday. */
export function monthlyExpiry(venue: EquityVenue, month: YearMonth): number {
  let day = lastDayOfMonth(month);
  while (!isNominalExpiryDay(venue, day)) day -= 1;
  return tradingDayOnOrBefore(venue, day);
}

function collectMonthly(from: number, count: number, expiryOfMonth: (month: YearMonth) => number | null): number[] {
  const expiries: number[] = [];
  for (let month = yearMonthOf(from); expiries.length < count; month = nextYearMonth(month)) {
    const expiry = expiryOfMonth(month);
    if (expiry !== null && expiry >= from) expiries.push(expiry);
  }
  return expiries;
}

export function monthlyExpiries(venue: EquityVenue, from: number, count: number): number[] {
  return collectMonthly(from, count, (month) => monthlyExpiry(venue, month));
}

/** SIMULATOR DATA: MCX futures expiries from the approximate rules of `mcx-contracts.ts`. */
export function mcxExpiries(rule: McxContractRule, from: number, count: number): number[] {
  return collectMonthly(from, count, (month) => {
    if (!rule.months.includes(month.month)) return null;
    const nominal = Math.min(dayFromParts(month.year, month.month, rule.dayOfMonth), lastDayOfMonth(month));
    return tradingDayOnOrBefore('MCX', nominal);
  });
}

/** The next `count` expiries of an underlying's contracts of one expiry type, on or after `from`. */
export function expiriesOf(underlying: string, expiryType: ExpiryType, from: number, count: number): number[] {
  const commodity = MCX_CONTRACT_RULES[underlying];
  if (commodity) {
    if (expiryType === 'weekly') throw new BusinessRuleError(`${underlying} has no weekly expiry; use monthly.`);
    return mcxExpiries(commodity, from, count);
  }
  const index = INDEX_UNDERLYINGS[underlying];
  const venue: EquityVenue = index?.exchange === 'BFO' ? 'BSE' : 'NSE';
  if (expiryType === 'monthly') return monthlyExpiries(venue, from, count);
  if (!index?.weekly) throw new BusinessRuleError(`${underlying} has no weekly expiry; only NIFTY and SENSEX do.`);
  return weeklyExpiries(venue, from, count);
}

/**
 * The expiry a signal's `expiry_type` + `expiry_gap` name (spec §3): gap 0 is the nearest expiry on or
 * after `from` (yyyy-MM-dd), 1 the one after, and so on. Answers yyyy-MM-dd.
 */
export function nearestExpiry(underlying: string, expiryType: ExpiryType, gap: number, from: string): string {
  if (!Number.isInteger(gap) || gap < 0) throw new BusinessRuleError('expiry_gap must be a whole number of 0 or more.');
  const expiries = expiriesOf(underlying, expiryType, dayOf(from), gap + 1);
  const expiry = expiries[gap];
  if (expiry === undefined) throw new Error(`No expiry found for ${underlying}`);
  return formatDay(expiry);
}
