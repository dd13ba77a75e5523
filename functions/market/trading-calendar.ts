import { formatDay } from '../../shared/domain/market-clock';
import { CALENDAR_VENUES, FIXED_DATE_HOLIDAYS, PUBLISHED_HOLIDAY_YEARS, TRADING_HOLIDAYS, type CalendarVenue } from './holidays';

/** Trading days of each venue on the market calendar (day numbers of `shared/domain/market-clock`). */
export const WEEKDAYS = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 } as const;
export type Weekday = (typeof WEEKDAYS)[keyof typeof WEEKDAYS];

/** 1970-01-01, day 0, was a Thursday. */
export function weekdayOf(day: number): number {
  return (((day + WEEKDAYS.thursday) % 7) + 7) % 7;
}

const publishedHolidays = new Map<CalendarVenue, ReadonlySet<string>>(
  CALENDAR_VENUES.map((venue) => [venue, new Set(TRADING_HOLIDAYS[venue].map((holiday) => holiday.date))]),
);

function isPublishedYear(year: number): boolean {
  return PUBLISHED_HOLIDAY_YEARS.includes(year);
}

export function isHoliday(venue: CalendarVenue, day: number): boolean {
  const date = formatDay(day);
  if (isPublishedYear(Number(date.slice(0, 4)))) return publishedHolidays.get(venue)?.has(date) ?? false;
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

/** True when the day's year has a published holiday list (otherwise only the provisional fixed dates apply). */
export function holidayListCovers(day: number): boolean {
  return isPublishedYear(Number(formatDay(day).slice(0, 4)));
}
