import { DEFAULT_HISTORY_RANGE_DAYS } from '../../shared/domain/constants';
import type { TimeRange } from '../data/activities-repository';
import { now as clockNow } from '../platform/clock';
import { ValidationError } from '../platform/errors';
import { marketDayOf, parseDay, startOfMarketDay } from '../../shared/domain/market-clock';

export const MAX_HISTORY_RANGE_DAYS = 366;

function invalid(field: string, message: string): ValidationError {
  return new ValidationError([{ path: field, message }], message);
}

function dayOf(field: 'from_date' | 'to_date', text: string): number {
  const day = parseDay(text);
  if (day === null) throw invalid(field, 'Use a valid date in the format yyyy-MM-dd.');
  return day;
}

/**
 * The instants a history list covers: whole Asia/Kolkata days from `from_date` to `to_date`
 * (inclusive). Without dates: the last 30 days up to today; without one end: 30 days from the other
 * (to_date alone) or up to today (from_date alone). At most 366 days.
 */
export function resolveHistoryRange(input: { from_date?: string | undefined; to_date?: string | undefined }, now = clockNow()): TimeRange {
  const to = input.to_date ? dayOf('to_date', input.to_date) : marketDayOf(now);
  const from = input.from_date ? dayOf('from_date', input.from_date) : to - DEFAULT_HISTORY_RANGE_DAYS;
  if (to < from) throw invalid('to_date', 'To date must be on or after the from date.');
  if (to - from > MAX_HISTORY_RANGE_DAYS) throw invalid('from_date', `Choose a range of at most ${MAX_HISTORY_RANGE_DAYS} days.`);
  return {
    fromIso: startOfMarketDay(from).toISOString(),
    toIso: new Date(startOfMarketDay(to + 1).getTime() - 1).toISOString(),
  };
}
