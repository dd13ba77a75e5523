import type { NewPosition, PositionItem } from '../../data/ordermanager/position-item';
import type { Instrument } from '../../../shared/domain/instruments';
import { positionIdOf } from '../../signals/execution/position-id';

/**
 * The position a rollover opens (issue 6): the same account, side, product, lots and exits (target,
 * stop-loss, trailing: the settings, re-applied from the new entry's fill) on the next contract, entered
 * at once (DIRECT, MARKET: a limit price of the old contract means nothing on the new one), and rolling
 * again when its own time comes.
 */

/** Derived like a signal's position id: a second monitor run, or one after a crash, names the same successor. */
export function successorIdOf(position: Pick<PositionItem, 'op_id' | 'broker_id'>): string {
  return positionIdOf(position.op_id, 'rollover', position.broker_id);
}

/**
 * Lots stay the same; the quantity in units follows the new contract's lot size (equal across expiries
 * unless the exchange revised it between series).
 */
function quantityOn(position: Pick<PositionItem, 'quantity' | 'instrument'>, next: Instrument): number {
  const lots = position.quantity / position.instrument.lot_size;
  return Number.isInteger(lots) ? lots * next.lot_size : position.quantity;
}

export function successorOf(position: PositionItem, next: Instrument, opId: string): NewPosition {
  return {
    op_id: opId,
    og_id: position.og_id,
    broker_id: position.broker_id,
    instrument: next,
    transaction_type: position.transaction_type,
    product: position.product,
    quantity: quantityOn(position, next),
    order_type: 'MARKET',
    price: null,
    trigger_price: null,
    entry_type: 'DIRECT',
    entry_direction: null,
    entry_price: null,
    candle_timeframe: position.candle_timeframe,
    is_tgt: position.is_tgt,
    tgt_type: position.tgt_type,
    tgt_value: position.tgt_value,
    is_sl: position.is_sl,
    sl_type: position.sl_type,
    sl_value: position.sl_value,
    is_trail_set: position.is_trail_set,
    trail_type: position.trail_type,
    trail_trigger: position.trail_trigger,
    trail_gap: position.trail_gap,
    trail_point: position.trail_point,
    is_rollover: position.is_rollover ?? false,
    rollover_gap: position.rollover_gap ?? null,
    rollover_time: position.rollover_time ?? null,
  };
}
