import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { ACTION_CODES, platformActionOf } from '../../functions/broker-adapters/mapping/actions';
import { EXCHANGE_CODES, platformExchangeOf } from '../../functions/broker-adapters/mapping/exchanges';
import { brokerAddressOf, orderAddressOf } from '../../functions/broker-adapters/mapping/instrument-address';
import { MAPPED_BROKERS } from '../../functions/broker-adapters/mapping/mapped-brokers';
import { orderRequestProblem } from '../../functions/broker-adapters/mapping/order-rules';
import { ORDER_TYPE_CODES, platformOrderTypeOf } from '../../functions/broker-adapters/mapping/order-types';
import { positionProductOf } from '../../functions/broker-adapters/mapping/position-product';
import { platformProductOf, PRODUCT_CODES } from '../../functions/broker-adapters/mapping/products';
import { ACTIONS, EXCHANGES, ORDER_TYPES, PRODUCTS } from '../../shared/domain/ranges';
import type { Instrument } from '../../shared/domain/instruments';

const infy: Instrument = {
  script_id: 'NSE:INFY',
  exchange: 'NSE',
  trading_symbol: 'INFY',
  name: 'INFOSYS',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: { zerodha: '408065', angelone: '1594', 'angelone:tradingsymbol': 'INFY-EQ' },
};
const niftyCall: Instrument = {
  script_id: 'NFO:NIFTY25NOV2524000CE',
  exchange: 'NFO',
  trading_symbol: 'NIFTY25NOV2524000CE',
  name: 'NIFTY',
  instrument_type: 'CE',
  expiry: '2025-11-25',
  strike: 24000,
  lot_size: 75,
  tick_size: 0.05,
  broker_tokens: { zerodha: '12345', 'zerodha:tradingsymbol': 'NIFTY25NOV24000CE' },
};

describe('broker vocabulary tables (reference/brokers.md §9)', () => {
  it('maps products as §9.1 says, refusing Kite MTF and reading codes back', () => {
    expect(PRODUCT_CODES.zerodha).toEqual({ INTRADAY: 'MIS', CARRYFORWARD: 'NRML', DELIVERY: 'CNC', MARGIN: null });
    expect(PRODUCT_CODES.angelone).toEqual({ INTRADAY: 'INTRADAY', CARRYFORWARD: 'CARRYFORWARD', DELIVERY: 'DELIVERY', MARGIN: 'MARGIN' });
    expect(platformProductOf('zerodha', 'NRML')).toBe('CARRYFORWARD');
    expect(platformProductOf('zerodha', 'CO')).toBe('INTRADAY');
    expect(platformProductOf('angelone', 'MARGIN')).toBe('MARGIN');
    expect(platformProductOf('angelone', 'MIS')).toBeNull();
  });

  it('maps order types as §9.2 says (SL = stop-limit; Angel needs the STOPLOSS variety)', () => {
    expect(ORDER_TYPE_CODES.zerodha.SL).toEqual({ orderType: 'SL', variety: 'regular' });
    expect(ORDER_TYPE_CODES.zerodha.MARKET).toEqual({ orderType: 'MARKET', variety: 'regular' });
    expect(ORDER_TYPE_CODES.angelone.SL).toEqual({ orderType: 'STOPLOSS_LIMIT', variety: 'STOPLOSS' });
    expect(ORDER_TYPE_CODES.angelone.LIMIT).toEqual({ orderType: 'LIMIT', variety: 'NORMAL' });
    expect(platformOrderTypeOf('angelone', 'STOPLOSS_LIMIT')).toBe('SL');
    expect(platformOrderTypeOf('zerodha', 'SL-M')).toBeNull();
  });

  it('has a row for every platform value and broker, and every row reads back to itself', () => {
    for (const broker of MAPPED_BROKERS) {
      for (const action of ACTIONS) expect(platformActionOf(broker, ACTION_CODES[broker][action])).toBe(action);
      // Fyers names only the exchange (NSE for cash and F&O); its segment is in the symbol.
      if (broker !== 'fyers') {
        for (const exchange of EXCHANGES) expect(platformExchangeOf(broker, EXCHANGE_CODES[broker][exchange])).toBe(exchange);
      }
      for (const orderType of ORDER_TYPES) expect(platformOrderTypeOf(broker, ORDER_TYPE_CODES[broker][orderType].orderType)).toBe(orderType);
      for (const product of PRODUCTS) {
        const code = PRODUCT_CODES[broker][product];
        const segment = product === 'CARRYFORWARD' ? EXCHANGE_CODES[broker].NFO : EXCHANGE_CODES[broker].NSE;
        if (code !== null) expect(positionProductOf(broker, code, segment, () => undefined)).toBe(product);
      }
    }
  });

  it('reads an unknown position product by exchange and raises an alert', () => {
    const alerts: string[] = [];
    expect(positionProductOf('zerodha', 'XYZ', 'NFO', (alert) => alerts.push(alert.value))).toBe('CARRYFORWARD');
    expect(positionProductOf('zerodha', 'XYZ', 'NSE', (alert) => alerts.push(alert.value))).toBe('DELIVERY');
    expect(positionProductOf('zerodha', 'MIS', 'NSE', (alert) => alerts.push(alert.value))).toBe('INTRADAY');
    expect(alerts).toEqual(['XYZ', 'XYZ']);
  });

  it("reads Upstox's one overnight code by segment and keeps Fyers' F&O MARGIN apart from MTF", () => {
    const noAlert = () => expect.fail('no alert expected');
    expect(positionProductOf('upstox', 'D', 'NSE_EQ', noAlert)).toBe('DELIVERY');
    expect(positionProductOf('upstox', 'D', 'NSE_FO', noAlert)).toBe('CARRYFORWARD');
    expect(positionProductOf('fyers', 'MARGIN', 'NSE', noAlert)).toBe('CARRYFORWARD');
    expect(positionProductOf('fyers', 'MTF', 'NSE', noAlert)).toBe('MARGIN');
    expect(positionProductOf('dhan', 'CNC', 'NSE_EQ', noAlert)).toBe('DELIVERY');
  });
});

describe('instrument addressing', () => {
  it('uses the broker symbol from the master when it is there', () => {
    expect(brokerAddressOf('zerodha', niftyCall)).toEqual({ exchange: 'NFO', tradingSymbol: 'NIFTY25NOV24000CE', token: '12345' });
    expect(brokerAddressOf('angelone', infy)).toEqual({ exchange: 'NSE', tradingSymbol: 'INFY-EQ', token: '1594' });
  });

  it('reads the tokens the market loaders write (`kite`, `angel`)', () => {
    const fromLoaders = { ...infy, broker_tokens: { kite: '408065', angel: '1594' } };
    expect(brokerAddressOf('zerodha', fromLoaders)).toEqual({ exchange: 'NSE', tradingSymbol: 'INFY', token: '408065' });
    expect(brokerAddressOf('angelone', fromLoaders)).toEqual({ exchange: 'NSE', tradingSymbol: 'INFY-EQ', token: '1594' });
  });

  it('derives an Angel symbol only next to its token (Angel checks the pair); BSE equities and F&O keep the platform form', () => {
    expect(brokerAddressOf('angelone', { ...infy, exchange: 'BSE', broker_tokens: { angel: '500209' } })?.tradingSymbol).toBe('INFY');
    expect(brokerAddressOf('angelone', { ...niftyCall, broker_tokens: { angel: '43650' } })?.tradingSymbol).toBe('NIFTY25NOV2524000CE');
    expect(brokerAddressOf('angelone', niftyCall)).toBeNull();
  });

  it('never guesses a Kite F&O symbol: with only a token it can quote but not order', () => {
    const tokenOnly = { ...niftyCall, broker_tokens: { kite: '12345' } };
    expect(brokerAddressOf('zerodha', tokenOnly)).toEqual({ exchange: 'NFO', tradingSymbol: null, token: '12345' });
    expect(orderAddressOf('zerodha', tokenOnly)).toBeNull();
    expect(brokerAddressOf('zerodha', { ...niftyCall, broker_tokens: {} })).toBeNull();
  });
});

describe('order rules (checked before any broker is called)', () => {
  const order: OrderRequest = {
    instrument: niftyCall,
    action: 'BUY',
    orderType: 'LIMIT',
    product: 'CARRYFORWARD',
    quantity: 150,
    price: 101.5,
    triggerPrice: null,
    tag: 'TB01HZX9',
  };

  it('accepts a well-formed order', () => {
    expect(orderRequestProblem(order)).toBeNull();
    expect(orderRequestProblem({ ...order, orderType: 'MARKET', price: null })).toBeNull();
    expect(orderRequestProblem({ ...order, orderType: 'SL', triggerPrice: 100 })).toBeNull();
  });

  it.each([
    [{ tag: 'has-dash' }, 'tag'],
    [{ tag: 'A'.repeat(21) }, 'tag'],
    [{ tag: '' }, 'tag'],
    [{ quantity: 0 }, 'Quantity'],
    [{ quantity: 1.5 }, 'Quantity'],
    [{ quantity: 100 }, 'lot size'],
    [{ product: 'DELIVERY' }, 'not allowed'],
    [{ price: null }, 'price'],
    [{ orderType: 'SL', triggerPrice: null }, 'trigger'],
  ] as const)('refuses %j', (change, message) => {
    expect(orderRequestProblem({ ...order, ...change })).toContain(message);
  });

  it('allows CARRYFORWARD only on derivatives and DELIVERY only on cash', () => {
    expect(orderRequestProblem({ ...order, instrument: infy, quantity: 1, product: 'CARRYFORWARD' })).toContain('not allowed');
    expect(orderRequestProblem({ ...order, instrument: infy, quantity: 1, product: 'DELIVERY' })).toBeNull();
  });
});
