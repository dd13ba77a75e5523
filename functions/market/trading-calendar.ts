import { formatDay } from '../../shared/domain/market-clock';
import { holidayYear } from './holiday-calendar';
import { FIXED_DATE_HOLIDAYS, type CalendarVenue } from './holidays';

/** Trading days of each venue on the market calendar (day numbers of `shared/domain/market-clock`). */
export const WEEKDAYS = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 } as const;
export type Weekday = (typeof WEEKDAYS)[keyof typeof WEEKDAYS];

/** 1970-01-01, day 0, was a Thursday. */
export function weekdayOf(day: number): number {
  return (((day + WEEKDAYS.thursday) % 7) + 7) % 7;
}

/** A holiday by the year's list in force, or by the fixed-date national holidays for a year without one. */
export function isHoliday(venue: CalendarVenue, day: number): boolean {
  const date = formatDay(day);
  const listed = holidayYear(Number(date.slice(0, 4)));
  if (listed) return listed.dates[venue].has(date);
  return FIXED_DATE_HOLIDAYS[venue].includes(date.slice(5));
}

export function isTradingDay(venue: CalendarVenue, day: number): boolean {
  const weekday = weekdayOf(day);
  return weekday !== WEEKDAYS.saturday && weekday !== WEEKDAYS.sunday && !isHoliday(venue, day);
}

/** The day itself when it trades, else the trading day before it (how exchanges move an expiry off a holiday). */
export function tradingDayOnOrBefore(venue: CalendarVenue, day: number): number {
  let candidate = day;
  while (!isTradingDay(venue, candidate)) candidate -= 1;
  return candidate;
}

/** True when the day's year has a holiday list in force (otherwise only the fixed-date holidays apply). */
export function holidayListCovers(day: number): boolean {
  return holidayYear(Number(formatDay(day).slice(0, 4))) !== undefined;
}
