import type { JsonBridgeOrder } from '../../../shared/domain/json-bridge-order';
import type { InstrumentRequest } from '../resolve/instrument-request';

/**
 * What a JSON bridge order asks to trade (spec §3 fields): `script` is the exact trading symbol for
 * EQ, a future given in full (…FUT) and SYMBOL_BASED options, else the underlying whose future or option
 * the expiry and the option selection pick. The order's own rules (json-bridge-order.ts) already made
 * sure the fields each choice needs are there.
 */
type Side = 'CE' | 'PE';

const FULL_FUTURE_SYMBOL = /\d{2}[A-Z]{3}\d{2}FUT$/;

function expiryOf(order: JsonBridgeOrder) {
  return { expiryType: order.expiry_type ?? 'monthly', expiryGap: order.expiry_gap ?? 0 } as const;
}

function optionRequest(order: JsonBridgeOrder, side: Side): InstrumentRequest {
  const base = { underlying: order.script, side, ...expiryOf(order) };
  const bySelection: Readonly<Record<NonNullable<JsonBridgeOrder['option_selection']>, () => InstrumentRequest>> = {
    SYMBOL_BASED: () => ({ kind: 'symbol', symbol: order.script, exchange: null }),
    ATM_BASED: () => ({ kind: 'option-atm', ...base, atmGap: order.atm_gap ?? 0 }),
    PREMIUM_BASED: () => ({ kind: 'option-premium', ...base, premium: order.premium_value ?? 0, maxVariation: order.max_variation ?? 0 }),
  };
  return bySelection[order.option_selection ?? 'SYMBOL_BASED']();
}

const BY_SCRIPT_TYPE: Readonly<Record<JsonBridgeOrder['script_type'], (order: JsonBridgeOrder) => InstrumentRequest>> = {
  EQ: (order) => ({ kind: 'symbol', symbol: order.script, exchange: null }),
  FUT: (order) => (FULL_FUTURE_SYMBOL.test(order.script) ? { kind: 'symbol', symbol: order.script, exchange: null } : { kind: 'future', underlying: order.script, ...expiryOf(order) }),
  CE: (order) => optionRequest(order, 'CE'),
  PE: (order) => optionRequest(order, 'PE'),
};

export function instrumentRequestOf(order: JsonBridgeOrder): InstrumentRequest {
  return BY_SCRIPT_TYPE[order.script_type](order);
}
