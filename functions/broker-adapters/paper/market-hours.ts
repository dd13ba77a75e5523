import type { Instrument } from '../../../shared/domain/instruments';
import { formatDay, marketClockParts, marketDayOf, startOfMarketDay } from '../../../shared/domain/market-clock';
import type { Exchange } from './vocabulary';

/**
 * When the paper exchange trades (reference/brokers.md §10.4), in IST.
 * - NSE, BSE, NFO, BFO: normal market 09:15–15:30. Simplification: no pre-open auction, no closing
 *   session, no block-deal windows, no after-market orders.
 * - MCX non-agri: 09:00–23:30 while the US is on daylight-saving time (2nd Sunday of March to the 1st
 *   Sunday of November), 09:00–23:55 otherwise; internationally referenceable agri (cotton, CPO, kapas)
 *   09:00–21:00; other agri 09:00–17:00.
 * - Open includes the opening second, close excludes the closing second (15:30:00 is closed).
 * - Intraday square-off: 15:15 for NSE/BSE/NFO/BFO, 25 minutes before the close on MCX.
 * - Weekends are closed; holidays come from an injected predicate (the market-data calendar);
 *   `alwaysOpen` (local demos and tests) trades every second of every day.
 */
/** Whether an exchange is closed for a holiday on a day (yyyy-MM-dd, IST). */
export type HolidayPredicate = (exchange: Exchange, day: string) => boolean;

const SESSION_KINDS = ['equity', 'mcx-non-agri', 'mcx-international-agri', 'mcx-agri'] as const;
type SessionKind = (typeof SESSION_KINDS)[number];

interface SessionTimes {
  readonly opens: string;
  /** Close while the US observes daylight-saving time, and for the rest of the year. */
  readonly closesUsSummer: string;
  readonly closesUsWinter: string;
  readonly squareOffMinutesBeforeClose: number;
}

const SESSION_TIMES: Readonly<Record<SessionKind, SessionTimes>> = {
  equity: { opens: '09:15', closesUsSummer: '15:30', closesUsWinter: '15:30', squareOffMinutesBeforeClose: 15 },
  'mcx-non-agri': { opens: '09:00', closesUsSummer: '23:30', closesUsWinter: '23:55', squareOffMinutesBeforeClose: 25 },
  'mcx-international-agri': { opens: '09:00', closesUsSummer: '21:00', closesUsWinter: '21:00', squareOffMinutesBeforeClose: 25 },
  'mcx-agri': { opens: '09:00', closesUsSummer: '17:00', closesUsWinter: '17:00', squareOffMinutesBeforeClose: 25 },
};

const EXCHANGE_SESSION: Readonly<Record<Exchange, SessionKind>> = {
  NSE: 'equity',
  BSE: 'equity',
  NFO: 'equity',
  BFO: 'equity',
  MCX: 'mcx-non-agri',
};

/** MCX agri commodities by underlying name; every other MCX underlying is non-agri. */
const MCX_AGRI_SESSIONS: Readonly<Record<string, SessionKind>> = {
  COTTON: 'mcx-international-agri',
  COTTONCNDY: 'mcx-international-agri',
  CPO: 'mcx-international-agri',
  KAPAS: 'mcx-international-agri',
  MENTHAOIL: 'mcx-agri',
  CARDAMOM: 'mcx-agri',
};

function sessionKindOf(instrument: Pick<Instrument, 'exchange' | 'name'>): SessionKind {
  const byExchange = EXCHANGE_SESSION[instrument.exchange];
  return instrument.exchange === 'MCX' ? (MCX_AGRI_SESSIONS[instrument.name] ?? byExchange) : byExchange;
}

const SECONDS_PER_DAY = 86_400;

function secondsOfClock(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 3600 + minutes * 60;
}

/** 0 = Sunday … 6 = Saturday; day 0 (1970-01-01) was a Thursday. */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function dayOfDate(year: number, monthIndex: number, date: number): number {
  return Date.UTC(year, monthIndex, date) / (SECONDS_PER_DAY * 1000);
}

/** The n-th Sunday (1-based) of a month, as a day number. */
function nthSunday(year: number, monthIndex: number, n: number): number {
  const first = dayOfDate(year, monthIndex, 1);
  return first + ((7 - weekdayOf(first)) % 7) + (n - 1) * 7;
}

/**
 * US daylight-saving time by IST calendar date. The switch happens at 02:00 US time on a Sunday, when
 * MCX is shut, so the date alone decides every trading day correctly.
 */
export function isUsDaylightSavingDay(day: number): boolean {
  const year = new Date(day * SECONDS_PER_DAY * 1000).getUTCFullYear();
  return day >= nthSunday(year, 2, 2) && day < nthSunday(year, 10, 1);
}

export interface Session {
  readonly opensAt: Date;
  readonly closesAt: Date;
  readonly squareOffAt: Date;
}

/** The session an instrument would have on a market day (whether or not that day trades). */
export function sessionOn(instrument: Pick<Instrument, 'exchange' | 'name'>, day: number): Session {
  const times = SESSION_TIMES[sessionKindOf(instrument)];
  const midnight = startOfMarketDay(day).getTime();
  const closes = secondsOfClock(isUsDaylightSavingDay(day) ? times.closesUsSummer : times.closesUsWinter);
  const at = (seconds: number) => new Date(midnight + seconds * 1000);
  return {
    opensAt: at(secondsOfClock(times.opens)),
    closesAt: at(closes),
    squareOffAt: at(closes - times.squareOffMinutesBeforeClose * 60),
  };
}

export interface MarketHoursOptions {
  readonly alwaysOpen?: boolean;
  readonly isHoliday?: HolidayPredicate;
}

const neverAHoliday: HolidayPredicate = () => false;

/** The market's calendar and clock for the paper exchange, with holidays and the always-open switch bound. */
export interface MarketHours {
  readonly alwaysOpen: boolean;
  isTradingDay(exchange: Exchange, day: number): boolean;
  isOpen(instrument: Instrument, at: Date): boolean;
  /** Whether today's intraday square-off time has passed (INTRADAY entries close then). */
  isPastSquareOff(instrument: Instrument, at: Date): boolean;
  /** The most recent intraday square-off instant at or before `at` (every calendar day when always open). */
  lastSquareOff(instrument: Instrument, at: Date): Date | null;
  /** When a day order placed at `placedAt` expires (its session's close); null when always open. */
  expiryOfDayOrder(instrument: Instrument, placedAt: Date): Date | null;
}

/** How far back `lastSquareOff` looks for a trading day (covers the longest Indian holiday runs). */
const MAX_DAYS_WITHOUT_TRADING = 10;

export function createMarketHours(options: MarketHoursOptions = {}): MarketHours {
  const alwaysOpen = options.alwaysOpen ?? false;
  const isHoliday = options.isHoliday ?? neverAHoliday;

  const isTradingDay = (exchange: Exchange, day: number): boolean => {
    if (alwaysOpen) return true;
    const weekday = weekdayOf(day);
    return weekday !== 0 && weekday !== 6 && !isHoliday(exchange, formatDay(day));
  };

  const isOpen = (instrument: Instrument, at: Date): boolean => {
    if (alwaysOpen) return true;
    const day = marketDayOf(at);
    if (!isTradingDay(instrument.exchange, day)) return false;
    const session = sessionOn(instrument, day);
    return at >= session.opensAt && at < session.closesAt;
  };

  const lastSquareOff = (instrument: Instrument, at: Date): Date | null => {
    const today = marketDayOf(at);
    for (let day = today; day > today - MAX_DAYS_WITHOUT_TRADING; day -= 1) {
      const squareOffAt = sessionOn(instrument, day).squareOffAt;
      if (isTradingDay(instrument.exchange, day) && squareOffAt <= at) return squareOffAt;
    }
    return null;
  };

  return {
    alwaysOpen,
    isTradingDay,
    isOpen,
    isPastSquareOff: (instrument, at) => sessionOn(instrument, marketDayOf(at)).squareOffAt <= at,
    lastSquareOff,
    expiryOfDayOrder: (instrument, placedAt) => (alwaysOpen ? null : sessionOn(instrument, marketDayOf(placedAt)).closesAt),
  };
}

/** The regular calendar: weekends closed, no holidays known. */
export const REGULAR_MARKET_HOURS: MarketHours = createMarketHours();

/** HH:mm:ss IST of an instant, for messages. */
export function clockTextOf(at: Date): string {
  const parts = marketClockParts(at);
  return parts === null ? 'an invalid time' : `${parts.hour}:${parts.minute}:${parts.second}`;
}
