import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { placeOrderRequestSchema, quantityLabelOf, updateOrderRequestSchema, watchlistPlaceOrderRequestSchema } from '../../shared/contracts/orders';
import type { Instrument } from '../../shared/domain/instruments';
import { AmbiguousOutcomeError, BrokerRejectedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../../functions/broker-adapters/http/broker-errors';
import { PaperAccountNotFoundError } from '../../functions/broker-adapters/paper/store/dynamo-paper-store';
import { tagOfOrder } from '../../functions/orders/order-tag';
import { normalisedTicket, ticketProblems, type OrderTicket } from '../../functions/orders/order-ticket';
import { sendOutcomeOfError } from '../../functions/orders/submit-intent';

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
const NIFTY_FUT: Instrument = { ...SBIN, script_id: 'NFO:NIFTY29DEC26FUT', exchange: 'NFO', trading_symbol: 'NIFTY29DEC26FUT', name: 'NIFTY', instrument_type: 'FUT', expiry: '2026-12-29', lot_size: 65 };
const CRUDE: Instrument = { ...NIFTY_FUT, script_id: 'MCX:CRUDEOIL18DEC26FUT', exchange: 'MCX', trading_symbol: 'CRUDEOIL18DEC26FUT', name: 'CRUDEOIL', lot_size: 100, tick_size: 1 };

const ticket = (fields: Partial<OrderTicket> = {}): OrderTicket => ({
  instrument: SBIN,
  action: 'BUY',
  orderType: 'MARKET',
  product: 'DELIVERY',
  quantity: 1,
  price: null,
  triggerPrice: null,
  ...fields,
});
const pathsOf = (candidate: OrderTicket) => ticketProblems(normalisedTicket(candidate)).map((issue) => issue.path);

describe('order ticket rules', () => {
  it('accepts well-formed MARKET, LIMIT and SL tickets', () => {
    expect(pathsOf(ticket())).toEqual([]);
    expect(pathsOf(ticket({ orderType: 'LIMIT', price: 812.35 }))).toEqual([]);
    expect(pathsOf(ticket({ orderType: 'SL', price: 812.35, triggerPrice: 812.2 }))).toEqual([]);
    expect(pathsOf(ticket({ instrument: NIFTY_FUT, product: 'CARRYFORWARD', quantity: 130 }))).toEqual([]);
    expect(pathsOf(ticket({ instrument: CRUDE, product: 'INTRADAY', quantity: 300, orderType: 'LIMIT', price: 5_400 }))).toEqual([]);
  });

  it('needs whole lots on NFO, BFO and MCX only', () => {
    expect(pathsOf(ticket({ instrument: NIFTY_FUT, product: 'CARRYFORWARD', quantity: 64 }))).toEqual(['quantity']);
    expect(pathsOf(ticket({ instrument: CRUDE, product: 'INTRADAY', quantity: 150 }))).toEqual(['quantity']);
    expect(pathsOf(ticket({ quantity: 7 }))).toEqual([]);
    expect(pathsOf(ticket({ quantity: 0 }))).toEqual(['quantity']);
  });

  it('keeps prices and triggers on the tick', () => {
    expect(pathsOf(ticket({ orderType: 'LIMIT', price: 812.33 }))).toEqual(['price']);
    expect(pathsOf(ticket({ orderType: 'SL', price: 812.35, triggerPrice: 812.21 }))).toEqual(['trigger_price']);
    expect(pathsOf(ticket({ instrument: CRUDE, product: 'INTRADAY', quantity: 100, orderType: 'LIMIT', price: 5_400.5 }))).toEqual(['price']);
  });

  it('needs a price for LIMIT and SL and a trigger for SL, on the right side of the price', () => {
    expect(pathsOf(ticket({ orderType: 'LIMIT' }))).toEqual(['price']);
    expect(pathsOf(ticket({ orderType: 'SL', price: 812.35 }))).toEqual(['trigger_price']);
    expect(pathsOf(ticket({ orderType: 'SL', price: 800, triggerPrice: 801 }))).toEqual(['trigger_price']);
    expect(pathsOf(ticket({ orderType: 'SL', action: 'SELL', price: 800, triggerPrice: 799 }))).toEqual(['trigger_price']);
  });

  it('allows DELIVERY and MARGIN only on NSE/BSE and CARRYFORWARD only on NFO/BFO/MCX', () => {
    expect(pathsOf(ticket({ instrument: NIFTY_FUT, quantity: 65, product: 'DELIVERY' }))).toEqual(['product']);
    expect(pathsOf(ticket({ instrument: NIFTY_FUT, quantity: 65, product: 'MARGIN' }))).toEqual(['product']);
    expect(pathsOf(ticket({ product: 'CARRYFORWARD' }))).toEqual(['product']);
    expect(pathsOf(ticket({ product: 'INTRADAY' }))).toEqual([]);
  });

  it('drops the price of a MARKET ticket and the trigger of a LIMIT ticket', () => {
    expect(normalisedTicket(ticket({ price: 1.01, triggerPrice: 2 }))).toMatchObject({ price: null, triggerPrice: null });
    expect(normalisedTicket(ticket({ orderType: 'LIMIT', price: 812.35, triggerPrice: 2 }))).toMatchObject({ price: 812.35, triggerPrice: null });
  });
});

describe('order tags and labels', () => {
  it('tags an order with 20 letters or digits from its id, fresh for every order', () => {
    const tags = new Set(Array.from({ length: 1_000 }, () => tagOfOrder(ulid())));
    expect(tags.size).toBe(1_000);
    for (const tag of tags) expect(tag).toMatch(/^[0-9A-Z]{20}$/);
  });

  it("labels the quantity 'Quantity' for equities and 'Order Lot' otherwise (spec §5)", () => {
    expect(['NSE', 'BSE', 'EQUITY', 'EQ', ' eq '].map(quantityLabelOf)).toEqual(['Quantity', 'Quantity', 'Quantity', 'Quantity', 'Quantity']);
    expect(['NFO', 'BFO', 'MCX', 'OPTION', 'FUT', 'CE'].map(quantityLabelOf)).toEqual(Array(6).fill('Order Lot'));
  });
});

describe('what a thrown place call means', () => {
  it('treats broker refusals as rejected, typed "not sent" failures as not placed, and anything else as unknown', () => {
    expect(sendOutcomeOfError(new BrokerRejectedError('zerodha', 'Insufficient funds'))).toEqual({ kind: 'rejected', reason: 'Insufficient funds' });
    expect(sendOutcomeOfError(new AmbiguousOutcomeError('zerodha', 'timed out after sending'))).toEqual({ kind: 'unknown', reason: 'timed out after sending' });
    expect(sendOutcomeOfError(new BrokerSessionExpiredError('zerodha', 'past-validity')).kind).toBe('not-placed');
    expect(sendOutcomeOfError(new BrokerUnavailableError('angelone', 'connection refused')).kind).toBe('not-placed');
    expect(sendOutcomeOfError(new PaperAccountNotFoundError()).kind).toBe('not-placed');
    expect(sendOutcomeOfError(new Error('socket hang up'))).toEqual({ kind: 'unknown', reason: 'socket hang up' });
  });
});

describe('order contracts', () => {
  const body = { broker_id: ulid(), script_id: 'nse:sbin', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: 'abcdefgh' };

  it('needs an idempotency key and a positive whole quantity', () => {
    expect(placeOrderRequestSchema.parse(body).script_id).toBe('NSE:SBIN');
    expect(placeOrderRequestSchema.safeParse({ ...body, idempotency_key: undefined }).success).toBe(false);
    expect(placeOrderRequestSchema.safeParse({ ...body, quantity: 1.5 }).success).toBe(false);
    expect(placeOrderRequestSchema.safeParse({ ...body, quantity: 0 }).success).toBe(false);
  });

  it('names the watch-list script by exactly one of watchlist_id and script_id', () => {
    expect(watchlistPlaceOrderRequestSchema.safeParse(body).success).toBe(true);
    const { script_id: _scriptId, ...withoutScript } = body;
    expect(watchlistPlaceOrderRequestSchema.safeParse({ ...withoutScript, watchlist_id: ulid() }).success).toBe(true);
    expect(watchlistPlaceOrderRequestSchema.safeParse(withoutScript).success).toBe(false);
    expect(watchlistPlaceOrderRequestSchema.safeParse({ ...body, watchlist_id: ulid() }).success).toBe(false);
  });

  it('takes the spec §4 actions only', () => {
    expect(updateOrderRequestSchema.safeParse({ order_id: ulid(), action: 'converttomarket' }).success).toBe(true);
    expect(updateOrderRequestSchema.safeParse({ order_id: ulid(), action: 'exit' }).success).toBe(false);
  });
});
