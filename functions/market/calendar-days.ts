import { formatDay, parseDay } from '../../shared/domain/market-clock';

/** Small date arithmetic on market day numbers (days since 1970-01-01 on the Asia/Kolkata calendar). */
const MS_PER_DAY = 86_400_000;

export interface YearMonth {
  readonly year: number;
  /** 1–12 */
  readonly month: number;
}

/** The day number of a yyyy-MM-dd date that the code itself spells (throws on a typo). */
export function dayOf(date: string): number {
  const day = parseDay(date);
  if (day === null) throw new RangeError(`Not a calendar date: ${date}`);
  return day;
}

export function dayFromParts(year: number, month: number, dayOfMonth: number): number {
  return Date.UTC(year, month - 1, dayOfMonth) / MS_PER_DAY;
}

export function yearMonthOf(day: number): YearMonth {
  const date = formatDay(day);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function nextYearMonth({ year, month }: YearMonth): YearMonth {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

export function lastDayOfMonth({ year, month }: YearMonth): number {
  return dayFromParts(year, month + 1, 0);
}
