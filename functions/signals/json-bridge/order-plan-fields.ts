import type { JsonBridgeOrder } from '../../../shared/domain/json-bridge-order';
import type { PlanPositionFields } from '../execution/order-plan';

/** The position's time is HH:mm:ss (spec §9); an alert may say HH:mm. */
const withSeconds = (clock: string) => (clock.length === 5 ? `${clock}:00` : clock);

/**
 * A JSON bridge order's position fields (ADR 0008): its order (type, price, trigger, product, side),
 * entered DIRECT — the order type decides how the entry order is placed — its target, stop-loss and
 * trailing, which the position monitor keeps, and its rollover (`is_rollover`, `rollover_gap`,
 * `rollover_time`, validated with the order), which the monitor carries out. Levels that are off are
 * stored empty.
 */
export function planFieldsOf(order: JsonBridgeOrder): PlanPositionFields {
  return {
    transaction_type: order.transaction_type,
    product: order.product,
    order_type: order.type,
    price: order.price ?? null,
    trigger_price: order.trigger_price ?? null,
    entry_type: 'DIRECT',
    entry_direction: null,
    entry_price: null,
    candle_timeframe: null,
    is_tgt: order.is_tgt,
    tgt_type: order.is_tgt ? (order.tgt_type ?? null) : null,
    tgt_value: order.is_tgt ? (order.tgt_value ?? null) : null,
    is_sl: order.is_sl,
    sl_type: order.is_sl ? (order.sl_type ?? null) : null,
    sl_value: order.is_sl ? (order.sl_value ?? null) : null,
    is_trail_set: order.is_trail_set,
    trail_type: order.is_trail_set ? (order.trail_type ?? null) : null,
    trail_trigger: order.is_trail_set ? (order.trail_trigger ?? null) : null,
    trail_gap: order.is_trail_set ? (order.trail_gap ?? null) : null,
    trail_point: order.is_trail_set ? (order.trail_point ?? null) : null,
    is_rollover: order.is_rollover,
    rollover_gap: order.is_rollover ? (order.rollover_gap ?? null) : null,
    rollover_time: order.is_rollover && order.rollover_time ? withSeconds(order.rollover_time) : null,
  };
}
