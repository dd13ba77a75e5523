import { MAX_FRANCHISE_MONEY_RANGE_DAYS } from '../../shared/contracts/franchise-money';
import { formatDay, marketDayOf } from '../../shared/domain/market-clock';
import type { TimeRange } from '../data/activities-repository';
import { ValidationError } from '../platform/errors';
import { resolveHistoryRange } from '../user/history-range';

const DAY_MS = 86_400_000;

/** The instants read and the days they are (yyyy-MM-dd), as the answer repeats them. */
export interface MoneyRange extends TimeRange {
  readonly fromDay: string;
  readonly toDay: string;
}

/**
 * The days the franchise's money listings cover: whole Asia/Kolkata days as every history list
 * (default the last 30 days; bad dates and a reversed range are a 400), at most 93 days, since each
 * listing reads its whole range to total it.
 */
export function resolveMoneyRange(input: { from_date?: string | undefined; to_date?: string | undefined }, now: Date): MoneyRange {
  const range = resolveHistoryRange(input, now);
  const days = Math.round((Date.parse(range.toIso) + 1 - Date.parse(range.fromIso)) / DAY_MS);
  if (days > MAX_FRANCHISE_MONEY_RANGE_DAYS) {
    const message = `Choose a range of at most ${MAX_FRANCHISE_MONEY_RANGE_DAYS} days.`;
    throw new ValidationError([{ path: 'from_date', message }], message);
  }
  return { ...range, fromDay: formatDay(marketDayOf(new Date(range.fromIso))), toDay: formatDay(marketDayOf(new Date(range.toIso))) };
}
