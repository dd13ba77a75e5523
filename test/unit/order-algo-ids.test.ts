import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { isAutomatedOrigin } from '../../shared/domain/order-origins';
import { ORDER_ORIGINS } from '../../shared/domain/ranges';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { dhanPlaceBody } from '../../functions/broker-adapters/dhan/dhan-order-body';
import { upstoxAlgoHeaders } from '../../functions/broker-adapters/upstox/upstox-order-body';
import { kiteModifyForm, kitePlaceForm } from '../../functions/broker-adapters/zerodha/kite-order-form';

const SBIN: Instrument = {
  script_id: 'NSE:SBIN',
  exchange: 'NSE',
  trading_symbol: 'SBIN',
  name: 'State Bank of India',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: {},
};

const ORDER: OrderRequest = { instrument: SBIN, action: 'BUY', orderType: 'LIMIT', product: 'DELIVERY', quantity: 1, price: 800, triggerPrice: null, tag: 'TB1' };

describe('which order origins are automated (SEBI algo ids)', () => {
  it('takes only manual orders as not automated', () => {
    const automated = ORDER_ORIGINS.filter((origin) => isAutomatedOrigin(origin));
    expect(automated).toEqual(['copytrading', 'ordermanager', 'bridge', 'api']);
    expect(isAutomatedOrigin('manual')).toBe(false);
  });
});

describe("each broker's algo-id field", () => {
  it('Kite: algo_id on the place form only when the order has one, never on the modify form', () => {
    const address = { exchange: 'NSE', tradingSymbol: 'SBIN', token: null };
    expect(kitePlaceForm({ ...ORDER, algoId: 'ALGO42' }, address, 'CNC').algo_id).toBe('ALGO42');
    expect(kitePlaceForm(ORDER, address, 'CNC')).not.toHaveProperty('algo_id');
    expect(kiteModifyForm({ brokerOrderId: '1', price: 801, algoId: 'ALGO42' })).not.toHaveProperty('algo_id');
  });

  it('Upstox: the X-Algo-Name header only when the order has one', () => {
    expect(upstoxAlgoHeaders('UPALGO7')).toEqual({ 'X-Algo-Name': 'UPALGO7' });
    expect(upstoxAlgoHeaders(undefined)).toEqual({});
  });

  it('Dhan: algoId in the place body only when the order has one', () => {
    const address = { exchangeSegment: 'NSE_EQ', securityId: '3045' };
    expect(dhanPlaceBody({ ...ORDER, algoId: 'DHALGO9' }, address, 'CNC', '1100012345').algoId).toBe('DHALGO9');
    expect(dhanPlaceBody(ORDER, address, 'CNC', '1100012345')).not.toHaveProperty('algoId');
  });
});
