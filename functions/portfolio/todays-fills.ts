import type { Instrument } from '../../shared/domain/instruments';
import type { OrderOwner, StoredOrder } from '../data/orders/order';
import { listOrders } from '../data/orders/order-listing';

/** One fill of the day: what an order filled, at its average price, when the platform recorded it. */
export interface DayFill {
  readonly brokerId: string;
  readonly instrument: Instrument;
  readonly product: StoredOrder['product'];
  readonly action: StoredOrder['transaction_type'];
  readonly quantity: number;
  readonly price: number;
  readonly atMs: number;
}

const LISTING_PAGE = 200;

/** Every order of one trading day (all pages), of every account or of one. */
export async function listDayOrders(owner: OrderOwner, day: string, accountId?: string): Promise<StoredOrder[]> {
  const orders: StoredOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await listOrders(owner, { fromDay: day, toDay: day, accountId, limit: LISTING_PAGE, cursor });
    orders.push(...page.orders);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return orders;
}

/** When the order's fill was recorded: the step that completed it, else (part-filled) its last change. */
function filledAtMs(order: StoredOrder): number {
  const completed = order.timeline.find((event) => event.status === 'completed');
  return Date.parse(completed?.at ?? order.updatedAt);
}

/** The orders' fills, oldest first: orders with a filled quantity and an average price. */
export function fillsOf(orders: readonly StoredOrder[]): DayFill[] {
  return orders
    .filter((order) => order.filled_quantity > 0 && order.average_price !== null)
    .map((order) => ({
      brokerId: order.broker_id,
      instrument: order.instrument,
      product: order.product,
      action: order.transaction_type,
      quantity: order.filled_quantity,
      price: order.average_price ?? 0,
      atMs: filledAtMs(order),
    }))
    .sort((a, b) => a.atMs - b.atMs);
}
