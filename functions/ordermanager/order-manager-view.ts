import type { OrderGroup, Position } from '../../shared/contracts/ordermanager';
import type { OrderGroupItem, PositionItem } from '../data/ordermanager-repository';
import { allowedActions, groupOffers } from './position-rules';

/** A stored position as answered: instrument fields flattened, internal claim and attempts left out. */
export function toPosition(item: PositionItem): Position {
  const { instrument, in_flight, attempts: _attempts, createdAt, updatedAt, ...fields } = item;
  return {
    ...fields,
    script_id: instrument.script_id,
    exchange: instrument.exchange,
    trading_symbol: instrument.trading_symbol,
    lot_size: instrument.lot_size,
    // While an order is being placed for it, the position takes no other action.
    allowed_actions: in_flight ? [] : [...allowedActions(item.op_status)],
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

export function toOrderGroup(group: OrderGroupItem, positions: readonly PositionItem[]): OrderGroup {
  const { position_count: _count, createdAt, updatedAt, ...settings } = group;
  return {
    ...settings,
    position_data: positions.map(toPosition),
    ...groupOffers(positions.map((position) => position.op_status)),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
