import type { OrderStatus } from '../../../../shared/domain/states';
import { isPayloadDate, type PayloadDateRange } from '../../lib/format/calendar-date';
import type { OrderOrigin } from './order-history-kind';

/** What the history is asked for: a date range (last 30 days first) and optionally a status and an origin. */
export interface OrderFilters extends PayloadDateRange {
  status?: OrderStatus;
  origin?: OrderOrigin;
}

/** The form's text values: '' status or origin means every one. */
export type OrderFilterValues = PayloadDateRange & { status: string; origin: string };

export type OrderFilterErrors = Partial<Record<keyof PayloadDateRange, string>>;

export const RANGE_REVERSED = 'The start date must not be after the end date.';

/** Both ends must be dates (yyyy-MM-dd) and the start must not come after the end. */
export function orderFilterErrors(values: PayloadDateRange): OrderFilterErrors {
  const errors: OrderFilterErrors = {};
  if (!isPayloadDate(values.from_date)) errors.from_date = 'Choose a date.';
  if (!isPayloadDate(values.to_date)) errors.to_date = 'Choose a date.';
  if (!errors.from_date && !errors.to_date && values.from_date > values.to_date) errors.from_date = RANGE_REVERSED;
  return errors;
}

export function toFilterValues(filters: OrderFilters): OrderFilterValues {
  return { from_date: filters.from_date, to_date: filters.to_date, status: filters.status ?? '', origin: filters.origin ?? '' };
}

/** The form's values as filters, leaving out "every status" and "every origin". */
export function fromFilterValues(values: OrderFilterValues): OrderFilters {
  return {
    from_date: values.from_date,
    to_date: values.to_date,
    ...(values.status ? { status: values.status as OrderStatus } : {}),
    ...(values.origin ? { origin: values.origin as OrderOrigin } : {}),
  };
}
