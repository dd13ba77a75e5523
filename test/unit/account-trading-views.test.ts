import { describe, expect, it } from 'vitest';
import type { BrokerOrder, BrokerPosition } from '../../functions/broker-adapters/broker-adapter';
import { accountOrderBookOf, newestFirst, toAccountBookOrder } from '../../functions/broker-accounts/trading/book-order-view';
import { platformOrderIdsOf, unexplainedTaggedRows } from '../../functions/broker-accounts/trading/platform-order-ids';
import { accountPositionsOf, toAccountPosition } from '../../functions/broker-accounts/trading/position-view';
import { scriptResolverOf, soleExchangeOf, type MasterView } from '../../functions/broker-adapters/mapping/script-resolver';
import type { Instrument } from '../../shared/domain/instruments';

function instrument(fields: Partial<Instrument> & Pick<Instrument, 'exchange' | 'trading_symbol'>): Instrument {
  return {
    script_id: `${fields.exchange}:${fields.trading_symbol}`,
    name: fields.trading_symbol,
    instrument_type: 'EQ',
    expiry: null,
    strike: null,
    lot_size: 1,
    tick_size: 0.05,
    broker_tokens: {},
    ...fields,
  };
}

const sbin = instrument({ exchange: 'NSE', trading_symbol: 'SBIN', broker_tokens: { paper: 'NSE:SBIN' } });
const infy = instrument({ exchange: 'NSE', trading_symbol: 'INFY', broker_tokens: { zerodha: '408065', angelone: '1594', 'angelone:tradingsymbol': 'INFY-EQ' } });
const weeklyCall = instrument({
  exchange: 'NFO',
  trading_symbol: 'NIFTY11NOV2524000CE',
  instrument_type: 'CE',
  expiry: '2025-11-11',
  strike: 24000,
  lot_size: 75,
  tick_size: 0.1,
  broker_tokens: { zerodha: '12345', 'zerodha:tradingsymbol': 'NIFTY25N1124000CE' },
});
/** An F&O contract the master has no Zerodha address for: Kite's weekly spelling cannot be derived from it. */
const unaddressedCall = instrument({ exchange: 'NFO', trading_symbol: 'NIFTY18NOV2524000CE', instrument_type: 'CE', expiry: '2025-11-18', strike: 24000, lot_size: 75 });

function masterOf(instruments: readonly Instrument[]): MasterView {
  return { instruments, byScriptId: new Map(instruments.map((entry) => [entry.script_id, entry])) };
}
const master = masterOf([sbin, infy, weeklyCall, unaddressedCall]);

function position(fields: Partial<BrokerPosition> = {}): BrokerPosition {
  return { tradingSymbol: 'SBIN', exchange: 'NSE', product: 'DELIVERY', netQuantity: 3, averagePrice: 800, lastPrice: 812.35, realisedPnl: 0, unrealisedPnl: 37.05, ...fields };
}

function bookRow(fields: Partial<BrokerOrder> = {}): BrokerOrder {
  return {
    brokerOrderId: 'B1',
    tag: null,
    status: 'pending',
    brokerStatus: 'OPEN',
    reason: null,
    quantity: 1,
    filledQuantity: 0,
    averagePrice: null,
    tradingSymbol: 'SBIN',
    exchange: 'NSE',
    token: null,
    action: 'BUY',
    orderType: 'LIMIT',
    product: 'DELIVERY',
    price: 800,
    triggerPrice: null,
    ...fields,
  };
}

describe('resolving broker rows to platform scripts', () => {
  it('reads paper rows by the platform symbol, and leaves a symbol the master does not list unresolved', () => {
    const resolve = scriptResolverOf('paper', master);
    expect(resolve({ exchange: 'NSE', tradingSymbol: 'SBIN', token: null })).toEqual({ instrument: sbin, exchange: 'NSE' });
    expect(resolve({ exchange: 'NSE', tradingSymbol: 'DELISTED', token: null })).toEqual({ instrument: null, exchange: 'NSE' });
    expect(resolve({ exchange: 'CDS', tradingSymbol: 'USDINR', token: null })).toEqual({ instrument: null, exchange: null });
  });

  it("reads Kite rows through the master's Zerodha symbol key or token, and equities by their shared spelling", () => {
    const resolve = scriptResolverOf('zerodha', master);
    expect(resolve({ exchange: 'NFO', tradingSymbol: 'NIFTY25N1124000CE', token: null }).instrument).toBe(weeklyCall);
    expect(resolve({ exchange: 'NFO', tradingSymbol: 'renamed', token: '12345' }).instrument).toBe(weeklyCall);
    expect(resolve({ exchange: 'NSE', tradingSymbol: 'SBIN', token: '779521' }).instrument).toBe(sbin);
  });

  it('never guesses a Kite F&O symbol the master has no key for: no script id, exchange still named', () => {
    const resolve = scriptResolverOf('zerodha', master);
    expect(resolve({ exchange: 'NFO', tradingSymbol: 'NIFTY25N1824000CE', token: null })).toEqual({ instrument: null, exchange: 'NFO' });
    expect(resolve({ exchange: 'NFO', tradingSymbol: 'NIFTY18NOV2524000CE', token: null }).instrument).toBeNull();
  });

  it("reads Angel rows by the master's token and symbol, and needs the token Angel addresses by", () => {
    const resolve = scriptResolverOf('angelone', master);
    expect(resolve({ exchange: 'NSE', tradingSymbol: 'INFY-EQ', token: '1594' }).instrument).toBe(infy);
    expect(resolve({ exchange: 'NSE', tradingSymbol: 'INFY-EQ', token: null }).instrument).toBe(infy);
    expect(resolve({ exchange: 'NSE', tradingSymbol: 'SBIN-EQ', token: '3045' }).instrument).toBeNull();
  });

  it('reads Upstox, Dhan and Fyers rows named in platform exchanges through their own codes, F&O included', () => {
    const fnoCall = instrument({
      exchange: 'NFO',
      trading_symbol: 'NIFTY25NOV2524000CE',
      instrument_type: 'CE',
      expiry: '2025-11-25',
      strike: 24000,
      lot_size: 75,
      broker_tokens: { upstox: 'NSE_FO|43920', dhan: '43920', 'dhan:tradingsymbol': 'NIFTY-Nov2025-24000-CE', fyers: 'NSE:NIFTY25N2524000CE' },
    });
    const fnoMaster = masterOf([fnoCall]);
    expect(scriptResolverOf('upstox', fnoMaster)({ exchange: 'NFO', tradingSymbol: 'NIFTY25NOV24000CE', token: 'NSE_FO|43920' }).instrument).toBe(fnoCall);
    expect(scriptResolverOf('dhan', fnoMaster)({ exchange: 'NFO', tradingSymbol: 'NIFTY-Nov2025-24000-CE', token: '43920' }).instrument).toBe(fnoCall);
    expect(scriptResolverOf('fyers', fnoMaster)({ exchange: 'NFO', tradingSymbol: 'NSE:NIFTY25N2524000CE', token: 'NSE:NIFTY25N2524000CE' })).toEqual({ instrument: fnoCall, exchange: 'NFO' });
    expect(scriptResolverOf('fyers', fnoMaster)({ exchange: 'NFO', tradingSymbol: 'NSE:UNKNOWN', token: null })).toEqual({ instrument: null, exchange: 'NFO' });
  });

  it('leaves a broker symbol two instruments share unresolved', () => {
    const twin = instrument({ exchange: 'NSE', trading_symbol: 'SBINTWIN', broker_tokens: { 'zerodha:tradingsymbol': 'NIFTY25N1124000CE' } });
    const twinMaster = masterOf([weeklyCall, { ...twin, exchange: 'NFO', script_id: 'NFO:SBINTWIN' }]);
    expect(scriptResolverOf('zerodha', twinMaster)({ exchange: 'NFO', tradingSymbol: 'NIFTY25N1124000CE', token: null }).instrument).toBeNull();
  });

  it('names the platform exchange of a broker code only when the code stands for one exchange', () => {
    expect(soleExchangeOf('zerodha', 'BFO')).toBe('BFO');
    expect(soleExchangeOf('dhan', 'NSE_FNO')).toBe('NFO');
    expect(soleExchangeOf('fyers', 'NSE')).toBeNull();
    expect(soleExchangeOf('zerodha', 'CDS')).toBeNull();
  });
});

describe('positions view', () => {
  it('carries the script id and lot size of a resolved row, and the broker symbol of an unresolved one', () => {
    const resolve = scriptResolverOf('zerodha', master);
    expect(toAccountPosition(position({ tradingSymbol: 'NIFTY25N1124000CE', exchange: 'NFO', product: 'CARRYFORWARD', netQuantity: -75 }), resolve)).toMatchObject({
      script_id: weeklyCall.script_id,
      trading_symbol: 'NIFTY11NOV2524000CE',
      exchange: 'NFO',
      net_quantity: -75,
      lot_size: 75,
    });
    expect(toAccountPosition(position({ tradingSymbol: 'NIFTY25N1824000CE', exchange: 'NFO' }), resolve)).toMatchObject({
      script_id: null,
      trading_symbol: 'NIFTY25N1824000CE',
      lot_size: null,
    });
  });

  it('sums realised and unrealised P&L to paise, closed rows included', () => {
    const rows = [position({ realisedPnl: 0.1, unrealisedPnl: 10.2 }), position({ tradingSymbol: 'INFY', netQuantity: 0, realisedPnl: 0.2, unrealisedPnl: 0 })];
    const view = accountPositionsOf(rows, scriptResolverOf('paper', master), new Date('2026-01-05T04:00:00Z'));
    expect(view.positions).toHaveLength(2);
    expect(view.totals).toEqual({ realised_pnl: 0.3, unrealised_pnl: 10.2, total_pnl: 10.5 });
    expect(view.read_at).toBe('2026-01-05T04:00:00.000Z');
  });
});

describe('order book view', () => {
  const known = [
    { order_id: '01KE0000SUBMITTEDORDER0001', tag: '00SUBMITTEDORDER0001', broker_order_id: 'B1' },
    { order_id: '01KE00UNKNOWNOUTCOMEORDER2', tag: 'UNKNOWNOUTCOMEORDER2', broker_order_id: null },
  ];

  it("finds the platform's order by broker order id, or by tag when the outcome was unknown; others are null", () => {
    const orderIdOf = platformOrderIdsOf(known);
    expect(orderIdOf(bookRow({ brokerOrderId: 'B1' }))).toBe(known[0]?.order_id);
    expect(orderIdOf(bookRow({ brokerOrderId: 'B2', tag: known[1]?.tag ?? '' }))).toBe(known[1]?.order_id);
    expect(orderIdOf(bookRow({ brokerOrderId: 'B3', tag: null }))).toBeNull();
    expect(orderIdOf(bookRow({ brokerOrderId: 'B4', tag: 'OTHERAPP' }))).toBeNull();
    const book = [bookRow({ brokerOrderId: 'B1' }), bookRow({ brokerOrderId: 'B3' }), bookRow({ brokerOrderId: 'B4', tag: 'OTHERAPP' })];
    expect(unexplainedTaggedRows(book, orderIdOf).map((row) => row.brokerOrderId)).toEqual(['B4']);
  });

  it('maps the ticket and the master fields of a row', () => {
    const row = bookRow({ tradingSymbol: 'NIFTY25N1124000CE', exchange: 'NFO', token: '12345', orderType: 'SL', price: 101.5, triggerPrice: 101, product: 'INTRADAY' });
    expect(toAccountBookOrder(row, scriptResolverOf('zerodha', master), () => null)).toEqual({
      broker_order_id: 'B1',
      order_id: null,
      script_id: weeklyCall.script_id,
      trading_symbol: weeklyCall.trading_symbol,
      exchange: 'NFO',
      status: 'pending',
      broker_status: 'OPEN',
      reason: null,
      action: 'BUY',
      order_type: 'SL',
      product: 'INTRADAY',
      quantity: 1,
      filled_quantity: 0,
      lot_size: 75,
      price: 101.5,
      trigger_price: 101,
      average_price: null,
      tick_size: 0.1,
    });
  });

  it('turns round a book listed in placement order, and keeps one whose order is not known', () => {
    expect(newestFirst('paper', [1, 2, 3])).toEqual([3, 2, 1]);
    expect(newestFirst('zerodha', [1, 2, 3])).toEqual([3, 2, 1]);
    expect(newestFirst('angelone', [1, 2, 3])).toEqual([1, 2, 3]);
    const view = accountOrderBookOf('paper', [bookRow({ brokerOrderId: 'B1' }), bookRow({ brokerOrderId: 'B2' })], scriptResolverOf('paper', master), () => null, new Date(0));
    expect(view.orders.map((row) => row.broker_order_id)).toEqual(['B2', 'B1']);
  });
});
