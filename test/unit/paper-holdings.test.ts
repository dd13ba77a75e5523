import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { createPaperAccountState } from '../../functions/broker-adapters/paper/account-state';
import { createPaperAdapter } from '../../functions/broker-adapters/paper/paper-adapter';
import type { PriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { createInMemoryPaperStore } from '../../functions/broker-adapters/paper/state-store';

const sbin: Instrument = {
  script_id: 'NSE:SBIN', exchange: 'NSE', trading_symbol: 'SBIN', name: 'SBIN', instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: {},
};

const ist = (text: string) => new Date(`${text}+05:30`);
const DAY_ONE = ist('2025-11-19T10:00:00');
const DAY_TWO = ist('2025-11-20T10:00:00');
const DAY_THREE = ist('2025-11-21T10:00:00');

/** SBIN at 800 on the first day, 850 on the second, 900 on the third. */
const scriptedFeed: PriceFeed = {
  seed: 'scripted',
  ltp: (_instrument, at) => (at < DAY_TWO ? 800 : at < DAY_THREE ? 850 : 900),
  underlyingLevel: () => 800,
};

function order(fields: Partial<OrderRequest> = {}): OrderRequest {
  return { instrument: sbin, action: 'BUY', orderType: 'LIMIT', product: 'DELIVERY', quantity: 10, price: 800, triggerPrice: null, tag: 'HT1', ...fields };
}

function setUp() {
  const store = createInMemoryPaperStore(createPaperAccountState('PAPERH', 100_000));
  const clock = { now: DAY_ONE };
  const adapter = createPaperAdapter({ load: store.load, save: store.save, clock: () => clock.now, priceFeed: scriptedFeed });
  return { store, clock, adapter };
}

async function accepted(outcome: Promise<{ kind: string }>) {
  expect((await outcome).kind).toBe('accepted');
}

describe('paper exchange: delivery holdings across days', () => {
  it('keeps a DELIVERY buy as a position on its day and settles it into a holding on the next, funds unchanged', async () => {
    const { clock, adapter, store } = setUp();
    await accepted(adapter.placeOrder(order()));
    expect(await adapter.holdings()).toEqual([]);
    expect(await adapter.positions()).toEqual([expect.objectContaining({ product: 'DELIVERY', netQuantity: 10, averagePrice: 800 })]);
    const fundsOnDayOne = await adapter.funds();
    expect(fundsOnDayOne).toEqual({ available: 92_000, used: 8_000 });

    clock.now = DAY_TWO;
    expect(await adapter.holdings()).toEqual([
      { tradingSymbol: 'SBIN', exchange: 'NSE', token: 'NSE:SBIN', isin: null, quantity: 10, averagePrice: 800, lastPrice: 850, closePrice: null },
    ]);
    expect(await adapter.positions()).toEqual([]);
    // The shares are paid for: their cost left the balance as their margin is released.
    expect(await adapter.funds()).toEqual({ available: 92_000, used: 0 });
    expect(store.current().state.holdings).toEqual([expect.objectContaining({ quantity: 10, averagePrice: 800, settledAt: DAY_TWO.toISOString() })]);
  });

  it('adds another day’s buys to the holding at the weighted average price', async () => {
    const { clock, adapter } = setUp();
    await accepted(adapter.placeOrder(order()));
    clock.now = DAY_TWO;
    await accepted(adapter.placeOrder(order({ quantity: 10, price: 850, tag: 'HT2' })));
    clock.now = DAY_THREE;
    expect(await adapter.holdings()).toEqual([expect.objectContaining({ quantity: 20, averagePrice: 825, lastPrice: 900 })]);
  });

  it('sells out of the holding: the day’s position shows the sale and its P&L against what the shares cost', async () => {
    const { clock, adapter } = setUp();
    await accepted(adapter.placeOrder(order()));
    clock.now = DAY_TWO;
    await accepted(adapter.placeOrder(order({ action: 'SELL', quantity: 4, price: 850, tag: 'HT3' })));

    expect(await adapter.holdings()).toEqual([expect.objectContaining({ quantity: 6, averagePrice: 800 })]);
    expect(await adapter.positions()).toEqual([expect.objectContaining({ product: 'DELIVERY', netQuantity: 0, realisedPnl: 200 })]);
    // 92,000 free after the purchase, plus the 4 shares sold at 850.
    expect(await adapter.funds()).toEqual({ available: 92_000 + 4 * 850, used: 0 });

    clock.now = DAY_THREE;
    expect(await adapter.positions()).toEqual([]);
    expect(await adapter.holdings()).toEqual([expect.objectContaining({ quantity: 6 })]);
  });

  it('refuses to sell more than the day’s buys and the holding together, and drops a holding sold in full', async () => {
    const { clock, adapter } = setUp();
    await accepted(adapter.placeOrder(order()));
    clock.now = DAY_TWO;
    await accepted(adapter.placeOrder(order({ quantity: 5, price: 850, tag: 'HT4' })));
    expect(await adapter.placeOrder(order({ action: 'SELL', quantity: 16, price: 850, tag: 'HT5' }))).toEqual({
      kind: 'rejected',
      reason: 'Insufficient holdings: DELIVERY sell of 16 SBIN exceeds the 15 held',
    });
    await accepted(adapter.placeOrder(order({ action: 'SELL', quantity: 15, price: 850, tag: 'HT6' })));
    expect(await adapter.holdings()).toEqual([]);
    const [position] = await adapter.positions();
    expect(position).toMatchObject({ netQuantity: 0, realisedPnl: 500 });
  });
});

describe('paper exchange: order margin before placing', () => {
  it('answers what the exchange would hold for the order and what is free, placing nothing', async () => {
    const { adapter, store } = setUp();
    expect(await adapter.orderMargin(order())).toEqual({ required: 8_000, available: 100_000 });
    expect(await adapter.orderMargin(order({ product: 'INTRADAY' }))).toEqual({ required: 1_600, available: 100_000 });
    // MARKET is valued one tick above the LTP, the most slippage it may fill at.
    expect(await adapter.orderMargin(order({ orderType: 'MARKET', price: null, quantity: 200 }))).toEqual({ required: 160_010, available: 100_000 });
    expect(await adapter.orderBook()).toEqual([]);
    expect(store.current().version).toBe(0);
  });

  it('needs nothing to sell shares held, and counts the holding’s cost as spent', async () => {
    const { clock, adapter } = setUp();
    await accepted(adapter.placeOrder(order()));
    clock.now = DAY_TWO;
    expect(await adapter.orderMargin(order({ action: 'SELL', price: 850 }))).toEqual({ required: 0, available: 92_000 });
    expect(await adapter.orderMargin(order({ price: 850 }))).toEqual({ required: 8_500, available: 92_000 });
  });
});
