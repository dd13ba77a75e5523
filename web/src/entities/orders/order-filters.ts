import type { OrderStatus } from '@shared/domain/states';
import type { PayloadDateRange } from '@/lib/format/calendar-date';
import type { OrderOrigin } from './order-history-kind';

/** What the history is asked for: a date range (last 30 days first) and optionally a status and an origin. */
export interface OrderFilters extends PayloadDateRange {
  status?: OrderStatus;
  origin?: OrderOrigin;
  /** Group history only: one group's orders (`/orderhistory/grouporder/broker/{group_id}`, the group page). */
  group_id?: string;
  /** Group history only: one child account's orders within the group. */
  broker_id?: string;
  /** Group history only: the orders one group order placed (a pending group order's page). */
  group_order_id?: string;
}

/** The form's text values: '' status or origin means every one. */
export type OrderFilterValues = PayloadDateRange & { status: string; origin: string };

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
