import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import type { OrderRequest, PlaceOutcome } from '../../functions/broker-adapters/broker-adapter';
import { createPaperAccountState, type PaperAccountState, type PaperOrder } from '../../functions/broker-adapters/paper/account-state';
import { availableFunds, fundsOf } from '../../functions/broker-adapters/paper/funds';
import { createMarketHours } from '../../functions/broker-adapters/paper/market-hours';
import { findOrder } from '../../functions/broker-adapters/paper/order-book';
import { cancelOrder, modifyOrder, onTick, placeOrder, type PriceOf } from '../../functions/broker-adapters/paper/order-engine';
import { toBrokerOrder } from '../../functions/broker-adapters/paper/order-views';

function instrument(fields: Partial<Instrument> & Pick<Instrument, 'trading_symbol' | 'name'>): Instrument {
  const exchange = fields.exchange ?? 'NSE';
  return { script_id: `${exchange}:${fields.trading_symbol}`, exchange, instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: {}, ...fields };
}

const ist = (text: string) => new Date(`${text}+05:30`);
const morning = ist('2025-11-19T10:00:00');
const later = (seconds: number) => new Date(morning.getTime() + seconds * 1000);

const sbin = instrument({ trading_symbol: 'SBIN', name: 'SBIN' });
const niftyCall = instrument({
  exchange: 'NFO', trading_symbol: 'NIFTY25NOV2524000CE', name: 'NIFTY', instrument_type: 'CE', expiry: '2025-11-25', strike: 24_000, lot_size: 75,
});
const niftyFuture = instrument({ exchange: 'NFO', trading_symbol: 'NIFTY25NOVFUT', name: 'NIFTY', instrument_type: 'FUT', expiry: '2025-11-25', lot_size: 75, tick_size: 0.1 });
const crude = instrument({ exchange: 'MCX', trading_symbol: 'CRUDEOIL25DECFUT', name: 'CRUDEOIL', instrument_type: 'FUT', expiry: '2025-12-18', lot_size: 100, tick_size: 1 });

function order(fields: Partial<OrderRequest> = {}): OrderRequest {
  return { instrument: sbin, action: 'BUY', orderType: 'MARKET', product: 'INTRADAY', quantity: 10, price: null, triggerPrice: null, tag: 'TAG1', ...fields };
}

const fresh = (openingBalance = 1_000_000) => createPaperAccountState('ACC1', openingBalance);
const priceIs = (price: number): PriceOf => () => price;

function idOf(outcome: PlaceOutcome): string {
  if (outcome.kind !== 'accepted') throw new Error(`expected acceptance, got ${JSON.stringify(outcome)}`);
  return outcome.brokerOrderId;
}

function orderIn(state: PaperAccountState, id: string): PaperOrder {
  const found = findOrder(state, id);
  if (found === undefined) throw new Error(`order ${id} missing`);
  return found;
}

function rejectionFor(request: OrderRequest, options: { ltp?: number; now?: Date; state?: PaperAccountState } = {}): string {
  const { outcome } = placeOrder(options.state ?? fresh(), request, options.now ?? morning, options.ltp ?? 800);
  if (outcome.kind !== 'rejected') throw new Error(`expected a rejection, got ${JSON.stringify(outcome)}`);
  return outcome.reason;
}

describe('paper order engine: MARKET orders', () => {
  it('fills a buy at once at the LTP plus at most one tick, and a sell at most one tick below', () => {
    const slippages = new Set<number>();
    let state = fresh();
    for (let index = 0; index < 20; index += 1) {
      const action = index % 2 === 0 ? 'BUY' : 'SELL';
      const placed = placeOrder(state, order({ action, tag: `M${index}` }), morning, 800);
      state = placed.state;
      const filled = orderIn(state, idOf(placed.outcome));
      expect(filled.status).toBe('completed');
      const slippage = Math.round(((filled.averagePrice ?? 0) - 800) * (action === 'BUY' ? 1 : -1) * 100) / 100;
      expect([0, 0.05]).toContain(slippage);
      slippages.add(slippage);
    }
    expect(slippages.size).toBe(2);
  });

  it('keeps the tag on the order and on its trade', () => {
    const { state, outcome } = placeOrder(fresh(), order({ tag: 'SIG42' }), morning, 800);
    expect(orderIn(state, idOf(outcome)).tag).toBe('SIG42');
    expect(state.trades[0]?.tag).toBe('SIG42');
    expect(toBrokerOrder(orderIn(state, idOf(outcome)))).toMatchObject({ tag: 'SIG42', status: 'completed', brokerStatus: 'COMPLETE', filledQuantity: 10 });
  });
});

describe('paper order engine: LIMIT orders', () => {
  it('rests a buy below the market and fills it at its price once the LTP falls to it', () => {
    const placed = placeOrder(fresh(), order({ orderType: 'LIMIT', price: 795 }), morning, 800);
    const id = idOf(placed.outcome);
    expect(orderIn(placed.state, id).status).toBe('pending');
    expect(toBrokerOrder(orderIn(placed.state, id)).brokerStatus).toBe('OPEN');

    const stillAbove = onTick(placed.state, later(1), priceIs(795.05));
    expect(stillAbove).toBe(placed.state);
    const crossed = onTick(stillAbove, later(2), priceIs(794.5));
    expect(orderIn(crossed, id)).toMatchObject({ status: 'completed', averagePrice: 795, filledQuantity: 10 });
  });

  it('rests a sell above the market and fills it at its price once the LTP rises to it', () => {
    const placed = placeOrder(fresh(), order({ action: 'SELL', orderType: 'LIMIT', price: 805 }), morning, 800);
    const id = idOf(placed.outcome);
    expect(orderIn(onTick(placed.state, later(1), priceIs(804.95)), id).status).toBe('pending');
    expect(orderIn(onTick(placed.state, later(1), priceIs(805)), id)).toMatchObject({ status: 'completed', averagePrice: 805 });
  });

  it('fills a marketable limit on arrival at the LTP, which is better than its price', () => {
    const buy = placeOrder(fresh(), order({ orderType: 'LIMIT', price: 810 }), morning, 800);
    expect(orderIn(buy.state, idOf(buy.outcome))).toMatchObject({ status: 'completed', averagePrice: 800 });
    const sell = placeOrder(fresh(), order({ action: 'SELL', orderType: 'LIMIT', price: 790 }), morning, 800);
    expect(orderIn(sell.state, idOf(sell.outcome))).toMatchObject({ status: 'completed', averagePrice: 800 });
  });

  it('does not fill while the exchange is closed, and expires unfilled at the close', () => {
    const placed = placeOrder(fresh(), order({ orderType: 'LIMIT', price: 795 }), morning, 800);
    const id = idOf(placed.outcome);
    const atClose = onTick(placed.state, ist('2025-11-19T15:30:00'), priceIs(700));
    expect(orderIn(atClose, id)).toMatchObject({ status: 'cancelled', reason: expect.stringMatching(/Expired/), blockedMargin: 0 });
  });
});

describe('paper order engine: SL orders', () => {
  it('waits for the trigger, then fills as a limit at the LTP when it arrives marketable', () => {
    const placed = placeOrder(fresh(), order({ action: 'SELL', orderType: 'SL', price: 789, triggerPrice: 790 }), morning, 800);
    const id = idOf(placed.outcome);
    expect(toBrokerOrder(orderIn(placed.state, id)).brokerStatus).toBe('TRIGGER PENDING');
    expect(onTick(placed.state, later(1), priceIs(790.05))).toBe(placed.state);
    const triggered = onTick(placed.state, later(2), priceIs(789.5));
    expect(orderIn(triggered, id)).toMatchObject({ status: 'completed', averagePrice: 789.5 });
  });

  it('rests as a limit when the market gaps through the price, and fills at its price later', () => {
    const placed = placeOrder(fresh(), order({ action: 'BUY', orderType: 'SL', price: 811, triggerPrice: 810 }), morning, 800);
    const id = idOf(placed.outcome);
    const gapped = onTick(placed.state, later(1), priceIs(812));
    expect(orderIn(gapped, id)).toMatchObject({ status: 'pending', triggered: true });
    expect(toBrokerOrder(orderIn(gapped, id)).brokerStatus).toBe('OPEN');
    const back = onTick(gapped, later(2), priceIs(809));
    expect(orderIn(back, id)).toMatchObject({ status: 'completed', averagePrice: 811 });
  });

  it('triggers at once when the trigger is already crossed on placement', () => {
    const placed = placeOrder(fresh(), order({ action: 'SELL', orderType: 'SL', price: 805, triggerPrice: 810 }), morning, 800);
    expect(orderIn(placed.state, idOf(placed.outcome))).toMatchObject({ triggered: true, status: 'pending' });
  });
});

describe('paper order engine: modify and cancel', () => {
  const resting = () => placeOrder(fresh(), order({ orderType: 'LIMIT', price: 795 }), morning, 800);

  it('modifies a pending order and re-evaluates it', () => {
    const placed = resting();
    const id = idOf(placed.outcome);
    const moved = modifyOrder(placed.state, { brokerOrderId: id, price: 790, quantity: 20 }, later(1), priceIs(800));
    expect(moved.outcome).toEqual({ kind: 'done' });
    expect(orderIn(moved.state, id)).toMatchObject({ status: 'pending', price: 790, quantity: 20, tag: 'TAG1' });
    const toMarket = modifyOrder(moved.state, { brokerOrderId: id, orderType: 'MARKET' }, later(2), priceIs(801));
    expect(orderIn(toMarket.state, id).status).toBe('completed');
    expect(orderIn(toMarket.state, id).averagePrice).toBeGreaterThanOrEqual(801);
  });

  it('refuses an invalid modification and leaves the order as it was', () => {
    const placed = resting();
    const id = idOf(placed.outcome);
    const bad = modifyOrder(placed.state, { brokerOrderId: id, price: 790.03 }, later(1), priceIs(800));
    expect(bad.outcome).toEqual({ kind: 'rejected', reason: expect.stringMatching(/tick size/) });
    expect(bad.state).toBe(placed.state);
  });

  it('cancels a pending order and releases its margin', () => {
    const placed = resting();
    expect(fundsOf(placed.state).used).toBeGreaterThan(0);
    const cancelled = cancelOrder(placed.state, idOf(placed.outcome), later(1));
    expect(cancelled.outcome).toEqual({ kind: 'done' });
    expect(orderIn(cancelled.state, idOf(placed.outcome)).status).toBe('cancelled');
    expect(fundsOf(cancelled.state)).toEqual({ available: 1_000_000, used: 0 });
  });

  it('refuses to modify or cancel an order that is no longer pending, or unknown', () => {
    const filled = placeOrder(fresh(), order(), morning, 800);
    const id = idOf(filled.outcome);
    expect(modifyOrder(filled.state, { brokerOrderId: id, quantity: 20 }, later(1), priceIs(800)).outcome).toEqual({
      kind: 'rejected',
      reason: `Order ${id} is completed; only pending orders can be modified`,
    });
    expect(cancelOrder(filled.state, id, later(1)).outcome).toEqual({ kind: 'rejected', reason: `Order ${id} is completed; only pending orders can be cancelled` });
    const placed = resting();
    const once = cancelOrder(placed.state, idOf(placed.outcome), later(1));
    expect(cancelOrder(once.state, idOf(placed.outcome), later(2)).outcome.kind).toBe('rejected');
    expect(cancelOrder(fresh(), 'ACC1-O99', morning).outcome).toEqual({ kind: 'rejected', reason: 'Order ACC1-O99 was not found' });
  });
});

describe('paper order engine: rejections', () => {
  it('rejects outside market hours unless always open', () => {
    expect(rejectionFor(order(), { now: ist('2025-11-19T09:14:59') })).toBe('NSE is closed at 09:14:59 IST; paper orders are accepted only during market hours');
    expect(rejectionFor(order(), { now: ist('2025-11-22T11:00:00') })).toMatch(/closed/);
    const alwaysOpen = createMarketHours({ alwaysOpen: true });
    expect(placeOrder(fresh(), order(), ist('2025-11-22T11:00:00'), 800, alwaysOpen).outcome.kind).toBe('accepted');
  });

  it('rejects a quantity that is not a positive multiple of the lot size', () => {
    const option: Partial<OrderRequest> = { instrument: niftyCall, product: 'CARRYFORWARD' };
    expect(rejectionFor(order({ ...option, quantity: 50 }), { ltp: 100 })).toBe('Quantity 50 is not a positive multiple of the lot size 75');
    expect(rejectionFor(order({ ...option, quantity: 0 }), { ltp: 100 })).toMatch(/positive multiple/);
    expect(rejectionFor(order({ ...option, quantity: -75 }), { ltp: 100 })).toMatch(/positive multiple/);
    expect(rejectionFor(order({ quantity: 2.5 }))).toMatch(/positive multiple of the lot size 1/);
    expect(placeOrder(fresh(), order({ ...option, quantity: 150 }), morning, 100).outcome.kind).toBe('accepted');
  });

  it('rejects prices and triggers off the tick', () => {
    expect(rejectionFor(order({ orderType: 'LIMIT', price: 795.03 }))).toBe('Price 795.03 is not a multiple of the tick size 0.05');
    expect(rejectionFor(order({ action: 'SELL', orderType: 'SL', price: 790, triggerPrice: 790.01 }))).toMatch(/Trigger price 790.01 is not a multiple/);
    expect(placeOrder(fresh(), order({ orderType: 'LIMIT', price: 795.15 }), morning, 800).outcome.kind).toBe('accepted');
  });

  it('rejects LIMIT without a price, SL without a trigger, and an SL trigger on the wrong side of its price', () => {
    expect(rejectionFor(order({ orderType: 'LIMIT', price: null }))).toBe('LIMIT orders need a price above 0');
    expect(rejectionFor(order({ orderType: 'SL', price: 790, triggerPrice: null }))).toBe('SL orders need a trigger price above 0');
    expect(rejectionFor(order({ orderType: 'SL', price: null, triggerPrice: 790 }))).toBe('SL orders need a price above 0');
    expect(rejectionFor(order({ action: 'BUY', orderType: 'SL', price: 810, triggerPrice: 811 }))).toMatch(/SL BUY order's trigger price 811 must not be above its price 810/);
    expect(rejectionFor(order({ action: 'SELL', orderType: 'SL', price: 790, triggerPrice: 789 }))).toMatch(/SL SELL order's trigger price 789 must not be below/);
  });

  it('rejects a product on an exchange that does not offer it', () => {
    expect(rejectionFor(order({ product: 'CARRYFORWARD' }))).toBe('CARRYFORWARD is not available on NSE (DELIVERY and MARGIN: NSE/BSE; CARRYFORWARD: NFO/BFO/MCX)');
    expect(rejectionFor(order({ instrument: niftyFuture, product: 'DELIVERY', quantity: 75 }), { ltp: 24_100 })).toMatch(/DELIVERY is not available on NFO/);
    expect(rejectionFor(order({ instrument: crude, product: 'MARGIN', quantity: 100 }), { ltp: 5_800 })).toMatch(/MARGIN is not available on MCX/);
    expect(placeOrder(fresh(), order({ instrument: crude, product: 'CARRYFORWARD', quantity: 100 }), morning, 5_800).outcome.kind).toBe('accepted');
  });

  it('rejects a tag that is too long or not alphanumeric', () => {
    expect(rejectionFor(order({ tag: 'A'.repeat(21) }))).toMatch(/at most 20 letters or digits/);
    expect(rejectionFor(order({ tag: 'bad-tag' }))).toMatch(/at most 20 letters or digits/);
  });

  it('rejects new INTRADAY orders after the 15:15 square-off, but not other products', () => {
    expect(rejectionFor(order(), { now: ist('2025-11-19T15:15:00') })).toBe('INTRADAY orders on NSE are closed after the intraday square-off at 15:15:00 IST');
    expect(placeOrder(fresh(), order({ product: 'DELIVERY' }), ist('2025-11-19T15:20:00'), 800).outcome.kind).toBe('accepted');
    expect(placeOrder(fresh(), order(), ist('2025-11-19T15:14:59'), 800).outcome.kind).toBe('accepted');
  });

  it('rejects a DELIVERY sell beyond the shares held', () => {
    expect(rejectionFor(order({ action: 'SELL', product: 'DELIVERY' }))).toBe('Insufficient holdings: DELIVERY sell of 10 SBIN exceeds the 0 held');
    const bought = placeOrder(fresh(), order({ product: 'DELIVERY', quantity: 10 }), morning, 800).state;
    expect(placeOrder(bought, order({ action: 'SELL', product: 'DELIVERY', quantity: 10 }), later(1), 800).outcome.kind).toBe('accepted');
    const halfOffered = placeOrder(bought, order({ action: 'SELL', product: 'DELIVERY', orderType: 'LIMIT', price: 900, quantity: 6 }), later(1), 800).state;
    expect(rejectionFor(order({ action: 'SELL', product: 'DELIVERY', quantity: 5 }), { state: halfOffered, now: later(2) })).toMatch(/exceeds the 4 held/);
  });

  it('rejects an order the paper funds cannot margin, and keeps funds from going negative', () => {
    const small = fresh(10_000);
    // INTRADAY equity at 20 %: 60 × 800 × 20 % = 9,600 fits; DELIVERY needs the full 48,000.
    expect(placeOrder(small, order({ quantity: 60 }), morning, 800).outcome.kind).toBe('accepted');
    expect(rejectionFor(order({ product: 'DELIVERY', quantity: 60 }), { state: small })).toMatch(/^Insufficient paper funds: margin required ₹48,00[0-9].[0-9]{2}, available ₹10,000.00$/);
    const used = placeOrder(small, order({ quantity: 60 }), morning, 800).state;
    expect(rejectionFor(order({ quantity: 10 }), { state: used, now: later(1) })).toMatch(/Insufficient paper funds/);
    expect(availableFunds(used)).toBeGreaterThanOrEqual(0);
    // Closing needs no margin, even when the account is fully used.
    expect(placeOrder(used, order({ action: 'SELL', quantity: 60 }), later(1), 800).outcome.kind).toBe('accepted');
  });

  it('margins option buys at the premium and option writes and futures SPAN-like', () => {
    const buy = placeOrder(fresh(), order({ instrument: niftyCall, product: 'CARRYFORWARD', orderType: 'LIMIT', price: 100, quantity: 75 }), morning, 100).state;
    expect(fundsOf(buy).used).toBe(7_500);
    // 12 % of the strike notional: 24,000 × 75 × 12 %.
    const write = placeOrder(fresh(), order({ instrument: niftyCall, product: 'CARRYFORWARD', action: 'SELL', quantity: 75 }), morning, 100).state;
    expect(fundsOf(write).used).toBe(216_000);
    const future = placeOrder(fresh(), order({ instrument: niftyFuture, product: 'INTRADAY', orderType: 'LIMIT', price: 24_000, quantity: 75 }), morning, 24_000.1).state;
    // A resting futures limit holds 12 % of its value: 24,000 × 75 × 12 %.
    expect(fundsOf(future).used).toBe(216_000);
  });

  it('records a rejected order in the book with its reason and tag', () => {
    const { state } = placeOrder(fresh(), order({ tag: 'REJ1', quantity: 0 }), morning, 800);
    expect(state.orders.map(toBrokerOrder)).toEqual([
      expect.objectContaining({ tag: 'REJ1', status: 'rejected', brokerStatus: 'REJECTED', reason: expect.stringMatching(/lot size/), filledQuantity: 0 }),
    ]);
    expect(fundsOf(state).used).toBe(0);
  });
});
