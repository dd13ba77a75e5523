import { MARKET_TIME_ZONE } from './constants';

/**
 * The market's clock and calendar (Asia/Kolkata, spec §9), for the API and the SPA alike.
 * Days are whole numbers (days since 1970-01-01 on the market's calendar), so ranges are arithmetic.
 */
const MS_PER_DAY = 86_400_000;

const marketClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The calendar and clock fields of an instant as read in Asia/Kolkata, zero-padded. */
export interface MarketClockParts {
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly second: string;
}

/** Null for an instant that is not a valid date. */
export function marketClockParts(instant: Date): MarketClockParts | null {
  if (Number.isNaN(instant.getTime())) return null;
  const parts = Object.fromEntries(marketClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

/** The market's wall-clock time at an instant, read as if it were UTC (epoch ms). */
function wallClockMs(instant: Date): number {
  const p = marketClockParts(instant);
  if (!p) throw new RangeError('Invalid date');
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** The market day number of an instant. */
export function marketDayOf(instant: Date): number {
  return Math.floor(wallClockMs(instant) / MS_PER_DAY);
}

/** yyyy-MM-dd of a day number. */
export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The day number of a yyyy-MM-dd date, or null when it is not a real calendar date. */
export function parseDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatDay(ms / MS_PER_DAY) === text ? ms / MS_PER_DAY : null;
}

/** The instant the market day begins (midnight in Asia/Kolkata). */
export function startOfMarketDay(day: number): Date {
  const midnightAsUtc = day * MS_PER_DAY;
  let instant = midnightAsUtc;
  for (let step = 0; step < 2; step += 1) instant = midnightAsUtc - (wallClockMs(new Date(instant)) - instant);
  return new Date(instant);
}

/** Today's trading day in the market's time zone, yyyy-MM-dd. */
export function tradingDay(now = new Date()): string {
  return formatDay(marketDayOf(now));
}
