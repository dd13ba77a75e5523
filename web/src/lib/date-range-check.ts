import { isPayloadDate, type PayloadDateRange } from './format/calendar-date';

export type DateRangeErrors = Partial<Record<keyof PayloadDateRange, string>>;

const INVALID_DATE = 'Enter a date as dd-mm-yyyy.';
export const RANGE_REVERSED = 'The start date must not be after the end date.';

/** Both ends must be real days (the fields hand over yyyy-MM-dd once they are) and the start must not come after the end. */
export function dateRangeErrors(range: PayloadDateRange): DateRangeErrors {
  const errors: DateRangeErrors = {};
  if (!isPayloadDate(range.from_date)) errors.from_date = INVALID_DATE;
  if (!isPayloadDate(range.to_date)) errors.to_date = INVALID_DATE;
  if (!errors.from_date && !errors.to_date && range.from_date > range.to_date) errors.from_date = RANGE_REVERSED;
  return errors;
}
