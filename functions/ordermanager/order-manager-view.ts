import type { OrderGroup, Position } from '../../shared/contracts/ordermanager';
import type { OrderGroupItem } from '../data/ordermanager/order-group';
import type { PositionItem } from '../data/ordermanager/position-item';
import { pnlOf, totalPnlOf } from './monitor/position-pnl';
import { allowedActions, groupOffers } from './position-rules';

/** Last traded prices by script id, read once per script for one answer; absent scripts answer a null `ltp`. */
export type PricesByScript = ReadonlyMap<string, number>;
const NO_PRICES: PricesByScript = new Map();

/**
 * A stored position as answered: instrument fields flattened, internal claim, attempts and the
 * monitor's bookkeeping (order ids, best price) left out; the watched levels only while OPEN; `ltp`
 * and `pnl` at the given prices.
 */
export function toPosition(item: PositionItem, prices: PricesByScript = NO_PRICES): Position {
  const { instrument, in_flight, attempts: _attempts, entry_order_id: _entryOrder, exit_order_id: _exitOrder, best_price: _best, rollover: _rollover, createdAt, updatedAt, ...fields } = item;
  const ltp = prices.get(instrument.script_id) ?? null;
  const open = item.op_status === 'OPEN';
  return {
    ...fields,
    script_id: instrument.script_id,
    exchange: instrument.exchange,
    trading_symbol: instrument.trading_symbol,
    lot_size: instrument.lot_size,
    target_price: open ? item.target_price : null,
    stop_price: open ? item.stop_price : null,
    ltp,
    pnl: pnlOf(item, ltp),
    // While an order is being placed for it, the position takes no other action.
    allowed_actions: in_flight ? [] : [...allowedActions(item.op_status)],
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/**
 * A bridge's group gains positions with every signal: answers list every position still WAITING, OPEN
 * or with an order being placed, and the most recently closed ones up to this many (the group's P&L
 * still counts them all).
 */
export const CLOSED_POSITIONS_SHOWN = 100;

export function positionsShown(positions: readonly PositionItem[]): PositionItem[] {
  const isLive = (position: PositionItem) => position.op_status === 'WAITING' || position.op_status === 'OPEN' || position.in_flight !== null;
  const closed = positions.filter((position) => !isLive(position));
  if (closed.length <= CLOSED_POSITIONS_SHOWN) return [...positions];
  const recent = new Set(
    [...closed]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, CLOSED_POSITIONS_SHOWN)
      .map((position) => position.op_id),
  );
  return positions.filter((position) => isLive(position) || recent.has(position.op_id));
}

export function toOrderGroup(group: OrderGroupItem, positions: readonly PositionItem[], prices: PricesByScript = NO_PRICES): OrderGroup {
  const { position_count: _count, createdAt, updatedAt, ...settings } = group;
  const answered = positions.map((position) => toPosition(position, prices));
  const shown = new Set(positionsShown(positions).map((position) => position.op_id));
  return {
    ...settings,
    position_data: answered.filter((position) => shown.has(position.op_id)),
    total_pnl: totalPnlOf(answered.map((position) => position.pnl)),
    ...groupOffers(positions.map((position) => position.op_status)),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
