/**
 * Exchange trading holidays: weekdays on which the exchange holds no trading session.
 *
 * Source: the NSE and BSE trading-holiday circulars for the equity and equity-derivative segments
 * (2025, 2026), and MCX's holiday list (days with neither the morning nor the evening session).
 * Weekends are never trading days and are not listed.
 *
 * REFRESH YEARLY: the exchanges publish next year's list in December. Add the new year here and to
 * `PUBLISHED_HOLIDAY_YEARS`; until then the years after the last published one fall back to the
 * fixed-date national holidays below, which is provisional (festival dates move every year).
 */
export const CALENDAR_VENUES = ['NSE', 'BSE', 'MCX'] as const;
export type CalendarVenue = (typeof CALENDAR_VENUES)[number];

export interface Holiday {
  /** yyyy-MM-dd */
  readonly date: string;
  readonly name: string;
}

export const PUBLISHED_HOLIDAY_YEARS: readonly number[] = [2025, 2026];

/** NSE and BSE publish the same list for the equity and equity-derivative segments. */
const EQUITY_EXCHANGE_HOLIDAYS: readonly Holiday[] = [
  { date: '2025-02-26', name: 'Mahashivratri' },
  { date: '2025-03-14', name: 'Holi' },
  { date: '2025-03-31', name: 'Id-Ul-Fitr (Ramadan Eid)' },
  { date: '2025-04-10', name: 'Shri Mahavir Jayanti' },
  { date: '2025-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
  { date: '2025-04-18', name: 'Good Friday' },
  { date: '2025-05-01', name: 'Maharashtra Day' },
  { date: '2025-08-15', name: 'Independence Day' },
  { date: '2025-08-27', name: 'Ganesh Chaturthi' },
  { date: '2025-10-02', name: 'Mahatma Gandhi Jayanti / Dussehra' },
  { date: '2025-10-21', name: 'Diwali Laxmi Pujan (muhurat session only)' },
  { date: '2025-10-22', name: 'Diwali Balipratipada' },
  { date: '2025-11-05', name: 'Prakash Gurpurb Sri Guru Nanak Dev' },
  { date: '2025-12-25', name: 'Christmas' },
  { date: '2026-01-15', name: 'Maharashtra municipal corporation elections (declared by a later circular)' },
  { date: '2026-01-26', name: 'Republic Day' },
  { date: '2026-03-03', name: 'Holi' },
  { date: '2026-03-26', name: 'Shri Ram Navami' },
  { date: '2026-03-31', name: 'Shri Mahavir Jayanti' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
  { date: '2026-05-01', name: 'Maharashtra Day' },
  { date: '2026-05-28', name: 'Bakri Id' },
  { date: '2026-06-26', name: 'Muharram' },
  { date: '2026-09-14', name: 'Ganesh Chaturthi' },
  { date: '2026-10-02', name: 'Mahatma Gandhi Jayanti' },
  { date: '2026-10-20', name: 'Dussehra' },
  { date: '2026-11-10', name: 'Diwali Balipratipada' },
  { date: '2026-11-24', name: 'Prakash Gurpurb Sri Guru Nanak Dev' },
  { date: '2026-12-25', name: 'Christmas' },
];

/**
 * MCX closes both sessions only on a few of those days; on the others its evening session trades.
 * Only full closures stop an MCX contract from expiring that day.
 */
const MCX_FULL_CLOSURES: readonly Holiday[] = [
  { date: '2025-04-18', name: 'Good Friday' },
  { date: '2025-08-15', name: 'Independence Day' },
  { date: '2025-10-02', name: 'Mahatma Gandhi Jayanti / Dussehra' },
  { date: '2025-12-25', name: 'Christmas' },
  { date: '2026-01-26', name: 'Republic Day' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-10-02', name: 'Mahatma Gandhi Jayanti' },
  { date: '2026-12-25', name: 'Christmas' },
];

export const TRADING_HOLIDAYS: Readonly<Record<CalendarVenue, readonly Holiday[]>> = {
  NSE: EQUITY_EXCHANGE_HOLIDAYS,
  BSE: EQUITY_EXCHANGE_HOLIDAYS,
  MCX: MCX_FULL_CLOSURES,
};

/** Provisional holidays for years without a published list: the fixed-date national holidays (MM-dd). */
export const FIXED_DATE_HOLIDAYS: Readonly<Record<CalendarVenue, readonly string[]>> = {
  NSE: ['01-26', '05-01', '08-15', '10-02', '12-25'],
  BSE: ['01-26', '05-01', '08-15', '10-02', '12-25'],
  MCX: ['01-26', '08-15', '10-02', '12-25'],
};
