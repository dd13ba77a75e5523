import { MARKET_TIME_ZONE } from '../../shared/domain/constants';

/**
 * Calendar days of the market's time zone (Asia/Kolkata): "today", and the instant a day starts.
 * Days are handled as whole numbers (days since 1970-01-01) so ranges are simple arithmetic.
 */
const MS_PER_DAY = 86_400_000;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The market's wall-clock time at an instant, read as if it were UTC (epoch ms). */
function wallClockMs(instant: Date): number {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
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
