import { formatDay, marketDayOf, parseDay } from '../../../shared/domain/market-clock';
import { MONTH_CODES } from '../symbol-format';

/** Expiry spellings of the brokers' masters, each read into yyyy-MM-dd (null when unreadable). */

/** Kite `2025-12-30`, Dhan `2025-12-30 14:30:00`. */
export function fromIsoDate(text: string): string | null {
  const date = text.trim().slice(0, 10);
  return parseDay(date) === null ? null : date;
}

/** Angel `30DEC2025`. */
export function fromDayMonthYear(text: string): string | null {
  const match = /^(\d{2})([A-Z]{3})(\d{4})$/.exec(text.trim().toUpperCase());
  const month = MONTH_CODES.findIndex((code) => code === match?.[2]) + 1;
  if (!match || month === 0) return null;
  return fromIsoDate(`${match[3]}-${String(month).padStart(2, '0')}-${match[1]}`);
}

/** Upstox epoch milliseconds, Fyers epoch seconds: the day on the Indian calendar. */
export function fromEpochMs(ms: number): string | null {
  return Number.isFinite(ms) && ms > 0 ? formatDay(marketDayOf(new Date(ms))) : null;
}

export function fromEpochSeconds(seconds: number): string | null {
  return fromEpochMs(seconds * 1000);
}
