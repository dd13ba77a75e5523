import type { EXCHANGES } from '../../shared/domain/ranges';
import { parseDay } from '../../shared/domain/market-clock';
import type { CalendarVenue } from './holidays';
import { isHoliday } from './trading-calendar';

/** Which holiday list each platform exchange follows: derivatives trade on their cash exchange's calendar. */
const EXCHANGE_CALENDARS: Readonly<Record<(typeof EXCHANGES)[number], CalendarVenue>> = {
  NSE: 'NSE',
  NFO: 'NSE',
  BSE: 'BSE',
  BFO: 'BSE',
  MCX: 'MCX',
};

/** Whether an exchange is shut for a holiday on a day (yyyy-MM-dd, IST); weekends are not holidays here. */
export function isExchangeHoliday(exchange: (typeof EXCHANGES)[number], day: string): boolean {
  const dayNumber = parseDay(day);
  return dayNumber !== null && isHoliday(EXCHANGE_CALENDARS[exchange], dayNumber);
}
