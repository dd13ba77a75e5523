import type { BrokerOrder } from '../broker-adapters/broker-adapter';
import { recordSubmitted } from '../data/orders/broker-order-lookup';
import { getOrder, updateOrder, type OrderChanges, type OrderOwner, type StoredOrder } from '../data/orders/order';
import { ConflictError } from '../platform/errors';
import { alertOnSettled, audienceIfSettling } from './order-alerts';

/**
 * The order's recorded steps. Each write is conditioned on the version read; when another request
 * moved the order meanwhile, the stored order is read back and wins (no step is applied twice).
 */
const MAX_ATTEMPTS = 3;

export async function reread(owner: OrderOwner, order: StoredOrder): Promise<StoredOrder> {
  const stored = await getOrder(owner, order.order_id);
  if (!stored) throw new Error(`Order ${order.order_id} vanished`);
  return stored;
}

/** Applies a change unless the order moved meanwhile; answers the stored order either way. A fill or rejection it records is alerted. */
export async function recordChange(owner: OrderOwner, order: StoredOrder, changes: OrderChanges, note: string, now: Date): Promise<StoredOrder> {
  // A fill or rejection is alerted; who would hear it is read beside the write, so the order path waits for no extra round trip.
  const audience = audienceIfSettling(owner, order, changes);
  const written = await updateOrder(owner, order, changes, note, now);
  if (!written) return reread(owner, order);
  if (audience) await alertOnSettled(owner, order, written, audience);
  return written;
}

/**
 * The broker holds the order under `brokerOrderId`: SUBMITTED, with its lookup, exactly once. With
 * `view` (the broker's answer already held the order's row, as the paper exchange's does) the row's
 * status is recorded in the same write, and its fill or rejection alerted.
 */
export async function recordAccepted(owner: OrderOwner, order: StoredOrder, brokerOrderId: string, note: string, now: Date, view: BrokerOrder | null = null): Promise<StoredOrder> {
  let current = order;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (current.broker_order_id !== null) return view ? recordBrokerView(owner, current, view, now) : current;
    const changes = view ? (changesFrom(current, view) ?? {}) : {};
    const audience = audienceIfSettling(owner, current, changes);
    const written = await recordSubmitted(owner, current, brokerOrderId, view && changes.status !== undefined ? `${note}: ${brokerNote(view, changes)}` : note, now, changes);
    if (written.kind === 'broker-order-taken') throw new ConflictError(`Broker order ${brokerOrderId} already belongs to another order.`);
    if (written.kind === 'written') {
      if (audience) await alertOnSettled(owner, current, written.order, audience);
      return written.order;
    }
    current = await reread(owner, current);
  }
  throw new ConflictError('The order changed meanwhile. Please refresh.');
}

/** Provably never placed (or settled as absent at the broker): failed, with the reason. */
export function recordFailed(owner: OrderOwner, order: StoredOrder, reason: string, now: Date): Promise<StoredOrder> {
  return recordChange(owner, order, { status: 'failed', submission: 'REJECTED', reason }, `Failed: ${reason}`, now);
}

function changesFrom(order: StoredOrder, brokerOrder: BrokerOrder): OrderChanges | null {
  const settledWithReason = brokerOrder.status === 'rejected' || brokerOrder.status === 'cancelled' || brokerOrder.status === 'failed';
  const reason = settledWithReason ? (brokerOrder.reason ?? order.reason) : order.reason;
  const unchanged =
    order.status === brokerOrder.status &&
    order.filled_quantity === brokerOrder.filledQuantity &&
    order.average_price === brokerOrder.averagePrice &&
    order.reason === reason;
  return unchanged ? null : { status: brokerOrder.status, filled_quantity: brokerOrder.filledQuantity, average_price: brokerOrder.averagePrice, reason };
}

/** The broker's status text, with its reason when the change records that reason. */
function brokerNote(brokerOrder: BrokerOrder, changes: OrderChanges): string {
  return brokerOrder.reason && changes.reason === brokerOrder.reason ? `${brokerOrder.brokerStatus}: ${brokerOrder.reason}` : brokerOrder.brokerStatus;
}

/** Brings a submitted order in line with the broker's order book row for it. */
export async function recordBrokerView(owner: OrderOwner, order: StoredOrder, brokerOrder: BrokerOrder, now: Date): Promise<StoredOrder> {
  const changes = changesFrom(order, brokerOrder);
  if (changes === null) return order;
  return recordChange(owner, order, changes, `Broker: ${brokerNote(brokerOrder, changes)}`, now);
}
