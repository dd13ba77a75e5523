import { describe, expect, it } from 'vitest';
import { jsonBridgeOrderSchema } from '../../shared/domain/json-bridge-order';
import { instrumentRequestOf } from '../../functions/signals/json-bridge/order-instrument-request';

const order = (fields: Record<string, unknown>) =>
  jsonBridgeOrderSchema.parse({ type: 'MARKET', product: 'INTRADAY', quantity: 1, transaction_type: 'BUY', ...fields });

describe('a JSON bridge order as an instrument request', () => {
  it('names equities and full future or option symbols exactly', () => {
    expect(instrumentRequestOf(order({ script_type: 'EQ', script: 'sbin' }))).toEqual({ kind: 'symbol', symbol: 'SBIN', exchange: null });
    expect(instrumentRequestOf(order({ script_type: 'FUT', script: 'NIFTY29DEC26FUT', expiry_type: 'monthly', expiry_gap: 0 }))).toEqual({ kind: 'symbol', symbol: 'NIFTY29DEC26FUT', exchange: null });
    expect(instrumentRequestOf(order({ script_type: 'CE', option_selection: 'SYMBOL_BASED', script: 'NIFTY29DEC2624000CE' }))).toEqual({ kind: 'symbol', symbol: 'NIFTY29DEC2624000CE', exchange: null });
  });

  it('picks a future of an underlying by expiry type and gap', () => {
    expect(instrumentRequestOf(order({ script_type: 'FUT', script: 'BANKNIFTY', expiry_type: 'monthly', expiry_gap: 1 }))).toEqual({ kind: 'future', underlying: 'BANKNIFTY', expiryType: 'monthly', expiryGap: 1 });
  });

  it('picks an option by ATM gap or by premium, on the side the script type names', () => {
    expect(instrumentRequestOf(order({ script_type: 'PE', option_selection: 'ATM_BASED', atm_gap: -2, script: 'NIFTY', expiry_type: 'weekly', expiry_gap: 0 }))).toEqual({
      kind: 'option-atm',
      underlying: 'NIFTY',
      side: 'PE',
      expiryType: 'weekly',
      expiryGap: 0,
      atmGap: -2,
    });
    expect(
      instrumentRequestOf(order({ script_type: 'CE', option_selection: 'PREMIUM_BASED', premium_value: 120, max_variation: 10, script: 'NIFTY', expiry_type: 'weekly', expiry_gap: 1 })),
    ).toEqual({ kind: 'option-premium', underlying: 'NIFTY', side: 'CE', expiryType: 'weekly', expiryGap: 1, premium: 120, maxVariation: 10 });
  });
});
