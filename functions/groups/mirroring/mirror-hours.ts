import type { BrokerKind } from '../../../shared/domain/brokers';
import { marketClockParts, marketDayOf } from '../../../shared/domain/market-clock';
import { isTradingDay } from '../../market/trading-calendar';
import type { CalendarVenue } from '../../market/holidays';

/**
 * When a master's book is polled: while some Indian exchange can take orders. On a day NSE or MCX
 * trades, from MCX's 09:00 open to its latest close, 23:55 IST (US winter; equities close at 15:30 and
 * sit inside). A few quiet minutes polled too many cost one book read each; an order placed outside the
 * window (after-market) is copied at the next opening, since polling catches up on every row it has not
 * seen. The paper exchange, when simulated as always open (local demos, tests), is polled always.
 */
const POLL_WINDOW = { opensAt: '09:00', closesAt: '23:55' } as const;
const VENUES: readonly CalendarVenue[] = ['NSE', 'MCX'];

export function isMasterPolledAt(broker: BrokerKind, at: Date, paperAlwaysOpen: boolean): boolean {
  if (broker === 'paper' && paperAlwaysOpen) return true;
  const day = marketDayOf(at);
  if (!VENUES.some((venue) => isTradingDay(venue, day))) return false;
  const parts = marketClockParts(at);
  if (!parts) return false;
  const clock = `${parts.hour}:${parts.minute}`;
  return clock >= POLL_WINDOW.opensAt && clock < POLL_WINDOW.closesAt;
}
