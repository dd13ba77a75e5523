import { BUNDLED_HOLIDAY_FILES } from './bundled-holidays';
import type { CalendarVenue, HolidayFile } from './holidays';

/**
 * The holiday lists in force in this container: the bundled file of each year, replaced by an admin's
 * override from the file store once one has been read (`holiday-overrides.ts`). The market clock, the
 * paper exchange, rollover days and the expiry check all read holidays through here.
 */
export type HolidayOrigin = 'bundled' | 'override';

export interface HolidayYear {
  readonly file: HolidayFile;
  readonly origin: HolidayOrigin;
  readonly dates: Readonly<Record<CalendarVenue, ReadonlySet<string>>>;
}

function yearOf(file: HolidayFile, origin: HolidayOrigin): HolidayYear {
  const datesOf = (venue: CalendarVenue) => new Set(file.venues[venue].map((holiday) => holiday.date));
  return { file, origin, dates: { NSE: datesOf('NSE'), BSE: datesOf('BSE'), MCX: datesOf('MCX') } };
}

const bundled = new Map<number, HolidayYear>(BUNDLED_HOLIDAY_FILES.map((file) => [file.year, yearOf(file, 'bundled')]));
let overrides = new Map<number, HolidayYear>();

/** The list in force for a year, or undefined when the year has none (only fixed-date holidays known). */
export function holidayYear(year: number): HolidayYear | undefined {
  return overrides.get(year) ?? bundled.get(year);
}

/** Years with a list in force, ascending. */
export function coveredHolidayYears(): number[] {
  return [...new Set([...bundled.keys(), ...overrides.keys()])].sort((a, b) => a - b);
}

/** Puts the overrides read from the file store in force (replacing any earlier set). */
export function installHolidayOverrides(files: readonly HolidayFile[]): void {
  overrides = new Map(files.map((file) => [file.year, yearOf(file, 'override')]));
}

/** Back to the bundled lists only (tests). */
export function clearHolidayOverrides(): void {
  overrides = new Map();
}
