import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { createPaperAccountState, type PaperAccountState, type PaperPosition } from '../../functions/broker-adapters/paper/account-state';
import { availableFunds, balanceOf, fundsOf } from '../../functions/broker-adapters/paper/funds';
import { compactHistory } from '../../functions/broker-adapters/paper/history';
import { createMarketHours } from '../../functions/broker-adapters/paper/market-hours';
import { onTick, placeOrder, type PriceOf } from '../../functions/broker-adapters/paper/order-engine';
import { applyFill, findPosition, unrealisedPnl, type Fill } from '../../functions/broker-adapters/paper/positions';
import { createPriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { hashText } from '../../functions/broker-adapters/paper/seeded-random';
import { squareOff, squareOffAll, squareOffIntraday } from '../../functions/broker-adapters/paper/square-off';

function instrument(fields: Partial<Instrument> & Pick<Instrument, 'trading_symbol' | 'name'>): Instrument {
  const exchange = fields.exchange ?? 'NSE';
  return { script_id: `${exchange}:${fields.trading_symbol}`, exchange, instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: {}, ...fields };
}

const ist = (text: string) => new Date(`${text}+05:30`);
const morning = ist('2025-11-19T10:00:00');
const sbin = instrument({ trading_symbol: 'SBIN', name: 'SBIN' });
const infy = instrument({ trading_symbol: 'INFY', name: 'INFY' });
const crude = instrument({ exchange: 'MCX', trading_symbol: 'CRUDEOIL25DECFUT', name: 'CRUDEOIL', instrument_type: 'FUT', expiry: '2025-12-18', lot_size: 100, tick_size: 1 });

function order(fields: Partial<OrderRequest> = {}): OrderRequest {
  return { instrument: sbin, action: 'BUY', orderType: 'LIMIT', product: 'INTRADAY', quantity: 10, price: 800, triggerPrice: null, tag: 'T', ...fields };
}

/** A marketable LIMIT at the LTP fills exactly at the LTP (no MARKET slippage), which keeps sums exact. */
function trade(state: PaperAccountState, action: 'BUY' | 'SELL', quantity: number, price: number, fields: Partial<OrderRequest> = {}, at = morning) {
  const placed = placeOrder(state, order({ action, quantity, price, ...fields }), at, price);
  if (placed.outcome.kind !== 'accepted') throw new Error(JSON.stringify(placed.outcome));
  return placed.state;
}

function positionOf(state: PaperAccountState, subject = sbin, product: OrderRequest['product'] = 'INTRADAY'): PaperPosition {
  const position = findPosition(state, subject, product);
  if (position === undefined) throw new Error('no position');
  return position;
}

const fill = (action: 'BUY' | 'SELL', quantity: number, price: number, at = '2025-11-19T04:30:00.000Z'): Fill => ({ instrument: sbin, product: 'INTRADAY', action, quantity, price, at });

describe('paper positions and P&L', () => {
  it('averages on increases, keeps the average on reductions, and realises P&L on the closed part', () => {
    const first = applyFill(undefined, fill('BUY', 10, 100));
    const second = applyFill(first.position, fill('BUY', 10, 110));
    expect(second.position).toMatchObject({ netQuantity: 20, averagePrice: 105, realisedPnl: 0 });
    const partial = applyFill(second.position, fill('SELL', 5, 120));
    expect(partial.realisedPnl).toBe(75);
    expect(partial.position).toMatchObject({ netQuantity: 15, averagePrice: 105, realisedPnl: 75 });
  });

  it('flips through zero: realises the closed part and opens the rest at the fill price', () => {
    const long = applyFill(undefined, fill('BUY', 15, 105)).position;
    const flipped = applyFill(long, fill('SELL', 25, 90, '2025-11-19T05:00:00.000Z'));
    expect(flipped.realisedPnl).toBe(-225);
    expect(flipped.position).toMatchObject({ netQuantity: -10, averagePrice: 90, openedAt: '2025-11-19T05:00:00.000Z' });
    const flat = applyFill(flipped.position, fill('BUY', 10, 80));
    expect(flat.realisedPnl).toBe(100);
    expect(flat.position).toMatchObject({ netQuantity: 0, averagePrice: 0, openedAt: null, realisedPnl: -125 });
  });

  it('computes unrealised P&L from the LTP for longs and shorts', () => {
    const long = applyFill(undefined, fill('BUY', 10, 105)).position;
    const short = applyFill(undefined, fill('SELL', 10, 90)).position;
    expect(unrealisedPnl(long, 110)).toBe(50);
    expect(unrealisedPnl(short, 95)).toBe(-50);
    expect(unrealisedPnl(short, 85.5)).toBe(45);
  });

  it('moves funds with realised P&L and releases margin as positions close', () => {
    let state = createPaperAccountState('ACC1', 100_000);
    state = trade(state, 'BUY', 10, 800);
    expect(fundsOf(state)).toEqual({ available: 98_400, used: 1_600 });
    state = trade(state, 'SELL', 4, 810);
    expect(positionOf(state)).toMatchObject({ netQuantity: 6, averagePrice: 800, realisedPnl: 40 });
    expect(fundsOf(state)).toEqual({ available: 100_040 - 960, used: 960 });
    state = trade(state, 'SELL', 6, 790);
    expect(balanceOf(state)).toBe(99_980);
    expect(fundsOf(state)).toEqual({ available: 99_980, used: 0 });
    expect(state.trades.map((entry) => [entry.action, entry.quantity, entry.price])).toEqual([
      ['BUY', 10, 800],
      ['SELL', 4, 810],
      ['SELL', 6, 790],
    ]);
  });

  it('never lets available funds go negative through orders, fills and ticks', () => {
    const feed = createPriceFeed('funds-test');
    const hours = createMarketHours({ alwaysOpen: true });
    let state = createPaperAccountState('ACC1', 50_000);
    let rejected = 0;
    for (let step = 0; step < 300; step += 1) {
      const now = new Date(morning.getTime() + step * 7_000);
      const draw = hashText(`step-${step}`);
      const subject = draw % 3 === 0 ? infy : sbin;
      const product = draw % 5 === 0 ? 'DELIVERY' : 'INTRADAY';
      const request = order({
        instrument: subject,
        product,
        action: draw % 2 === 0 ? 'BUY' : 'SELL',
        orderType: draw % 7 === 0 ? 'LIMIT' : 'MARKET',
        price: draw % 7 === 0 ? feed.ltp(subject, now) : null,
        quantity: 1 + (draw % 40),
      });
      const placed = placeOrder(state, request, now, feed.ltp(request.instrument, now), hours);
      rejected += placed.outcome.kind === 'rejected' ? 1 : 0;
      state = onTick(placed.state, now, feed.ltp, hours);
      expect(availableFunds(state)).toBeGreaterThanOrEqual(0);
    }
    expect(rejected).toBeGreaterThan(0);
    expect(state.trades.length).toBeGreaterThan(50);
  });
});

describe('paper square-off', () => {
  const priceIs = (price: number): PriceOf => () => price;

  it('produces opposite MARKET orders for one symbol or for everything', () => {
    let state = createPaperAccountState('ACC1');
    state = trade(state, 'BUY', 10, 800);
    state = trade(state, 'SELL', 5, 1_600, { instrument: infy });
    state = trade(state, 'BUY', 3, 800, { product: 'DELIVERY' });
    const sbinRequests = squareOff(state, 'SBIN');
    expect(sbinRequests.map((request) => [request.action, request.orderType, request.product, request.quantity])).toEqual([
      ['SELL', 'MARKET', 'INTRADAY', 10],
      ['SELL', 'MARKET', 'DELIVERY', 3],
    ]);
    const everything = squareOffAll(state);
    expect(everything).toHaveLength(3);
    expect(new Set(everything.map((request) => request.tag)).size).toBe(3);
    const closed = everything.reduce((next, request) => placeOrder(next, request, morning, 800).state, state);
    expect(closed.positions.every((position) => position.netQuantity === 0)).toBe(true);
  });

  it('squares off INTRADAY positions at 15:15 IST at that moment’s price and cancels pending INTRADAY orders', () => {
    let state = createPaperAccountState('ACC1');
    state = trade(state, 'BUY', 10, 800);
    state = trade(state, 'BUY', 5, 800, { product: 'DELIVERY' });
    state = trade(state, 'SELL', 100, 5_800, { instrument: crude, product: 'INTRADAY' });
    state = placeOrder(state, order({ price: 700, quantity: 1 }), morning, 800).state;

    expect(squareOffIntraday(state, ist('2025-11-19T15:14:59'), priceIs(810))).toBe(state);

    const prices: PriceOf = (subject, at) => (at.getTime() === ist('2025-11-19T15:15:00').getTime() ? 820 : 999);
    const squared = squareOffIntraday(state, ist('2025-11-19T15:25:00'), prices);
    expect(positionOf(squared)).toMatchObject({ netQuantity: 0 });
    expect(positionOf(squared).realisedPnl).toBeGreaterThanOrEqual(195);
    expect(positionOf(squared).realisedPnl).toBeLessThanOrEqual(200);
    expect(squared.trades.at(-1)).toMatchObject({ action: 'SELL', quantity: 10, at: ist('2025-11-19T15:15:00').toISOString(), tag: expect.stringMatching(/^AUTOSQOFF\d+$/) });
    expect(positionOf(squared, sbin, 'DELIVERY').netQuantity).toBe(5);
    expect(positionOf(squared, crude).netQuantity).toBe(-100);
    expect(squared.orders.find((entry) => entry.price === 700)).toMatchObject({ status: 'cancelled', reason: 'Cancelled by the intraday square-off at 15:15:00 IST' });
    expect(squareOffIntraday(squared, ist('2025-11-19T15:26:00'), prices)).toBe(squared);

    const mcxSquared = squareOffIntraday(squared, ist('2025-11-19T23:30:00'), priceIs(5_750));
    expect(positionOf(mcxSquared, crude).netQuantity).toBe(0);
  });

  it('keeps an INTRADAY position opened after the square-off (always open) until the next day’s', () => {
    const hours = createMarketHours({ alwaysOpen: true });
    const evening = ist('2025-11-19T16:00:00');
    const placed = placeOrder(createPaperAccountState('ACC1'), order({ price: 800 }), evening, 800, hours).state;
    expect(squareOffIntraday(placed, ist('2025-11-19T22:00:00'), priceIs(800), hours)).toBe(placed);
    const nextDay = squareOffIntraday(placed, ist('2025-11-20T15:15:00'), priceIs(801), hours);
    expect(positionOf(nextDay).netQuantity).toBe(0);
  });
});

describe('paper history compaction', () => {
  it('drops finished orders, old trades and flat positions, and keeps pending orders, open positions and the balance', () => {
    let state = createPaperAccountState('ACC1');
    state = trade(state, 'BUY', 10, 800);
    state = trade(state, 'SELL', 10, 810);
    state = trade(state, 'BUY', 1, 1_600, { instrument: infy });
    state = placeOrder(state, order({ price: 700 }), morning, 800).state;
    const compacted = compactHistory(state, ist('2025-11-20T00:00:00'));
    expect(compacted.orders.map((entry) => entry.status)).toEqual(['pending']);
    expect(compacted.trades).toEqual([]);
    expect(compacted.positions.map((position) => position.instrument.trading_symbol)).toEqual(['INFY']);
    expect(balanceOf(compacted)).toBe(balanceOf(state));
  });
});
