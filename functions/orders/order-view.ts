import type { LinkedOrder, Order, OrderDetails } from '../../shared/contracts/orders';
import type { StoredOrder } from '../data/orders/order';

/** An order as the API answers it. */
export function toOrder(order: StoredOrder): Order {
  return {
    order_id: order.order_id,
    broker_id: order.broker_id,
    broker: order.broker,
    origin: order.origin,
    script_id: order.instrument.script_id,
    exchange: order.instrument.exchange,
    trading_symbol: order.instrument.trading_symbol,
    lot_size: order.instrument.lot_size,
    transaction_type: order.transaction_type,
    order_type: order.order_type,
    product: order.product,
    quantity: order.quantity,
    price: order.price,
    trigger_price: order.trigger_price,
    status: order.status,
    submission: order.submission,
    broker_order_id: order.broker_order_id,
    tag: order.tag,
    reason: order.reason,
    filled_quantity: order.filled_quantity,
    average_price: order.average_price,
    create_time: order.createdAt,
    update_time: order.updatedAt,
  };
}

/** An order with its copy-trading link (all null for an order that is not a group's). */
export function toLinkedOrder(order: StoredOrder): LinkedOrder {
  return { ...toOrder(order), grp_id: order.grp_id, grp_broker_id: order.grp_broker_id, group_order_id: order.group_order_id, strategy_name: order.strategy_name };
}

export function toOrderDetails(order: StoredOrder): OrderDetails {
  return { ...toOrder(order), timeline: order.timeline };
}
