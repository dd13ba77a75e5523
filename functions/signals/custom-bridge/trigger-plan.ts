import type { TriggerDirectionName } from '../../../shared/contracts/bridge';
import type { Side } from '../../../shared/domain/exit-levels';
import type { TriggerItem } from '../../data/bridges-repository';
import type { PlanPositionFields, PlanTarget } from '../execution/order-plan';
import type { InstrumentRequest } from '../resolve/instrument-request';

/**
 * A trigger (an order template, ADR 0008) read for a signal's direction and one symbol (its own script,
 * or one the signal named: signal-symbol-plans.ts): which contract to ask the instrument master for,
 * which side to trade, and the position fields of its plan. Pure.
 */
type OptionSide = 'CE' | 'PE';

/** An option trigger with no fixed side buys calls on UP and puts on DOWN. */
const OPTION_SIDE_OF_DIRECTION: Readonly<Record<TriggerDirectionName, OptionSide>> = { UP: 'CE', DOWN: 'PE' };

/** With no fixed side: options are bought (the side of the option carries the view); equities and futures are bought on UP, sold on DOWN. */
const SIDE_OF_DIRECTION: Readonly<Record<TriggerDirectionName, Side>> = { UP: 'BUY', DOWN: 'SELL' };

/** The symbol a plan trades before the master answers: the trigger's own script, or one the signal named. */
export interface PlanScript {
  /** EQUITY: the trading symbol; FUTURE / OPTION: the underlying. */
  readonly symbol: string;
  /** EQUITY only: null lets the instrument master choose (NSE first). */
  readonly exchange: TriggerItem['exchange'];
}

type RequestOf = (trigger: TriggerItem, direction: TriggerDirectionName, script: PlanScript) => InstrumentRequest;

const REQUEST_OF_SCRIPT_TYPE: Readonly<Record<TriggerItem['script_type'], RequestOf>> = {
  EQUITY: (_trigger, _direction, script) => ({ kind: 'symbol', symbol: script.symbol, exchange: script.exchange }),
  // The contract rules make a FUTURE trigger monthly; the fallback only satisfies the type of a stored item.
  FUTURE: (trigger, _direction, script) => ({ kind: 'future', underlying: script.symbol, expiryType: trigger.expiry_type ?? 'monthly', expiryGap: trigger.expiry_gap }),
  OPTION: (trigger, direction, script) => ({
    kind: 'option-atm',
    underlying: script.symbol,
    side: trigger.option_side ?? OPTION_SIDE_OF_DIRECTION[direction],
    expiryType: trigger.expiry_type ?? 'weekly',
    expiryGap: trigger.expiry_gap,
    atmGap: trigger.strike_offset,
  }),
};

export function instrumentRequestOf(trigger: TriggerItem, direction: TriggerDirectionName, script: PlanScript): InstrumentRequest {
  return REQUEST_OF_SCRIPT_TYPE[trigger.script_type](trigger, direction, script);
}

export function tradeSideOf(trigger: TriggerItem, direction: TriggerDirectionName): Side {
  if (trigger.transaction_type !== null) return trigger.transaction_type;
  return trigger.script_type === 'OPTION' ? 'BUY' : SIDE_OF_DIRECTION[direction];
}

export function planTargetOf(trigger: TriggerItem): PlanTarget {
  return trigger.target_kind === 'account' ? { kind: 'account', brokerId: trigger.target_id } : { kind: 'group', groupId: trigger.target_id };
}

/** The position fields the trigger fixes; the account, script and quantity come from the target, the instrument and `lots`. */
export function planFieldsOf(trigger: TriggerItem, direction: TriggerDirectionName): PlanPositionFields {
  return {
    transaction_type: tradeSideOf(trigger, direction),
    product: trigger.product,
    order_type: trigger.order_type,
    price: trigger.price,
    trigger_price: trigger.trigger_price,
    entry_type: trigger.entry_type,
    entry_direction: trigger.entry_direction,
    entry_price: trigger.entry_price,
    candle_timeframe: trigger.candle_timeframe,
    is_tgt: trigger.is_tgt,
    tgt_type: trigger.tgt_type,
    tgt_value: trigger.tgt_value,
    is_sl: trigger.is_sl,
    sl_type: trigger.sl_type,
    sl_value: trigger.sl_value,
    is_trail_set: trigger.is_trail_set,
    trail_type: trigger.trail_type,
    trail_trigger: trigger.trail_trigger,
    trail_gap: trigger.trail_gap,
    trail_point: trigger.trail_point,
  };
}
