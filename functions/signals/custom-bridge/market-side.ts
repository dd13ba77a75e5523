import type { TriggerDirectionName } from '../../../shared/contracts/bridge';
import type { PositionItem } from '../../data/ordermanager/position-item';

/**
 * Which way of the market a position gains from, as the bridge's directions name it: UP for a bought
 * share, future or call and a sold put; DOWN for a sold share, future or call and a bought put. "Exit the
 * opposite" (ADR 0008) closes the positions on the other side, however the trigger that made them was set. Pure.
 */
const OPPOSITE: Readonly<Record<TriggerDirectionName, TriggerDirectionName>> = { UP: 'DOWN', DOWN: 'UP' };

export function marketSideOf(position: Pick<PositionItem, 'transaction_type' | 'instrument'>): TriggerDirectionName {
  const bought = position.transaction_type === 'BUY';
  const put = position.instrument.instrument_type === 'PE';
  return bought !== put ? 'UP' : 'DOWN';
}

export function oppositeOf(direction: TriggerDirectionName): TriggerDirectionName {
  return OPPOSITE[direction];
}
