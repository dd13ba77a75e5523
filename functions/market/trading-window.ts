import { marketClockParts, marketDayOf } from '../../shared/domain/market-clock';
import type { CalendarVenue } from './holidays';
import { isTradingDay } from './trading-calendar';

/**
 * While some Indian exchange can take orders: on a day NSE or MCX trades, from MCX's 09:00 open to its
 * latest close, 23:55 IST (US winter; equities close at 15:30 and sit inside). Pollers that watch the
 * market (master mirroring, the position monitor) keep ticking inside it; a few quiet minutes cost one
 * read a tick.
 */
const WINDOW = { opensAt: '09:00', closesAt: '23:55' } as const;
const VENUES: readonly CalendarVenue[] = ['NSE', 'MCX'];

export function isWithinTradingWindow(at: Date): boolean {
  const day = marketDayOf(at);
  if (!VENUES.some((venue) => isTradingDay(venue, day))) return false;
  const parts = marketClockParts(at);
  if (!parts) return false;
  const clock = `${parts.hour}:${parts.minute}`;
  return clock >= WINDOW.opensAt && clock < WINDOW.closesAt;
}
