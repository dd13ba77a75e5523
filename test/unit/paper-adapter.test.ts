import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { createPaperAccountState } from '../../functions/broker-adapters/paper/account-state';
import { createPaperAdapter, PaperOrderRejectedError } from '../../functions/broker-adapters/paper/paper-adapter';
import { createPriceFeed, type PriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { createInMemoryPaperStore, PaperStateConflictError, type SavePaperAccount } from '../../functions/broker-adapters/paper/state-store';

const sbin: Instrument = {
  script_id: 'NSE:SBIN', exchange: 'NSE', trading_symbol: 'SBIN', name: 'SBIN', instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: {},
};

const ist = (text: string) => new Date(`${text}+05:30`);

/** A hand-scripted market: SBIN at 800 until 10:01, 798.50 until 10:02, then 805. */
const scriptedFeed: PriceFeed = {
  seed: 'scripted',
  ltp: (_instrument, at) => (at < ist('2025-11-19T10:01:00') ? 800 : at < ist('2025-11-19T10:02:00') ? 798.5 : 805),
  underlyingLevel: () => 800,
};

function order(fields: Partial<OrderRequest> = {}): OrderRequest {
  return { instrument: sbin, action: 'BUY', orderType: 'LIMIT', product: 'INTRADAY', quantity: 10, price: 799, triggerPrice: null, tag: 'RT1', ...fields };
}

function setUp(options: { priceFeed?: PriceFeed; always_open?: boolean; openingBalance?: number } = {}) {
  const store = createInMemoryPaperStore(createPaperAccountState('PAPER1', options.openingBalance ?? 100_000));
  const clock = { now: ist('2025-11-19T10:00:00') };
  const adapter = createPaperAdapter({
    load: store.load,
    save: store.save,
    clock: () => clock.now,
    always_open: options.always_open,
    priceFeed: options.priceFeed ?? scriptedFeed,
  });
  return { store, clock, adapter };
}

describe('paper adapter', () => {
  it('round-trips: place → order book → a tick fills it → positions and funds → square off', async () => {
    const { store, clock, adapter } = setUp();
    expect(await adapter.ltp([sbin])).toEqual(new Map([['NSE:SBIN', 800]]));

    const placed = await adapter.placeOrder(order());
    if (placed.kind !== 'accepted') throw new Error(JSON.stringify(placed));
    expect(await adapter.orderBook()).toEqual([
      {
        brokerOrderId: placed.brokerOrderId,
        tag: 'RT1',
        status: 'pending',
        brokerStatus: 'OPEN',
        reason: null,
        quantity: 10,
        filledQuantity: 0,
        averagePrice: null,
        tradingSymbol: 'SBIN',
        exchange: 'NSE',
        token: 'NSE:SBIN',
        action: 'BUY',
        orderType: 'LIMIT',
        product: 'INTRADAY',
        price: 799,
        triggerPrice: null,
      },
    ]);
    expect(await adapter.positions()).toEqual([]);

    clock.now = ist('2025-11-19T10:01:00');
    await adapter.tick();
    expect(await adapter.orderBook()).toEqual([expect.objectContaining({ status: 'completed', brokerStatus: 'COMPLETE', filledQuantity: 10, averagePrice: 799 })]);
    expect(await adapter.positions()).toEqual([
      { tradingSymbol: 'SBIN', exchange: 'NSE', product: 'INTRADAY', netQuantity: 10, averagePrice: 799, lastPrice: 798.5, realisedPnl: 0, unrealisedPnl: -5 },
    ]);
    expect(await adapter.funds()).toEqual({ available: 100_000 - 1_598, used: 1_598 });

    clock.now = ist('2025-11-19T10:02:00');
    const closed = await adapter.squareOff('SBIN');
    expect(closed).toEqual([expect.objectContaining({ kind: 'accepted' })]);
    const [position] = await adapter.positions();
    expect(position?.netQuantity).toBe(0);
    // MARKET exit at 805 with at most one tick of slippage: (804.95 or 805 − 799) × 10.
    expect([59.5, 60]).toContain(position?.realisedPnl);
    expect(await adapter.funds()).toEqual({ available: 100_000 + (position?.realisedPnl ?? 0), used: 0 });
    expect(store.current().state.trades).toHaveLength(2);
  });

  it('writes only when something changed', async () => {
    const { store, adapter } = setUp();
    await adapter.orderBook();
    await adapter.funds();
    expect(store.current().version).toBe(0);
    await adapter.placeOrder(order());
    expect(store.current().version).toBe(1);
    await adapter.positions();
    expect(store.current().version).toBe(1);
  });

  it('throws a clear rejection for modifying or cancelling an order that is no longer pending', async () => {
    const { adapter } = setUp();
    const placed = await adapter.placeOrder(order({ price: 800 }));
    if (placed.kind !== 'accepted') throw new Error(JSON.stringify(placed));
    await expect(adapter.cancelOrder(placed.brokerOrderId)).rejects.toThrow(PaperOrderRejectedError);
    await expect(adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 790 })).rejects.toThrow(/only pending orders can be modified/);
  });

  it('modifies and cancels a pending order', async () => {
    const { adapter } = setUp();
    const placed = await adapter.placeOrder(order({ price: 790 }));
    if (placed.kind !== 'accepted') throw new Error(JSON.stringify(placed));
    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, quantity: 20 });
    expect(await adapter.orderBook()).toEqual([expect.objectContaining({ quantity: 20, status: 'pending' })]);
    await adapter.cancelOrder(placed.brokerOrderId);
    expect(await adapter.orderBook()).toEqual([expect.objectContaining({ status: 'cancelled', reason: 'Cancelled by the user' })]);
    expect(await adapter.funds()).toEqual({ available: 100_000, used: 0 });
  });

  it('rejects outside market hours unless switched to always open', async () => {
    const closed = setUp();
    closed.clock.now = ist('2025-11-22T11:00:00');
    expect(await closed.adapter.placeOrder(order())).toEqual({ kind: 'rejected', reason: 'NSE is closed at 11:00:00 IST; paper orders are accepted only during market hours' });
    const demo = setUp({ always_open: true });
    demo.clock.now = ist('2025-11-22T11:00:00');
    expect((await demo.adapter.placeOrder(order())).kind).toBe('accepted');
  });

  it('squares off INTRADAY positions by itself once 15:15 IST has passed', async () => {
    const { clock, adapter } = setUp({ priceFeed: createPriceFeed('adapter-test') });
    expect((await adapter.placeOrder(order({ orderType: 'MARKET', price: null }))).kind).toBe('accepted');
    clock.now = ist('2025-11-19T15:20:00');
    const [position] = await adapter.positions();
    expect(position).toMatchObject({ netQuantity: 0, lastPrice: createPriceFeed('adapter-test').ltp(sbin, clock.now) });
    expect((await adapter.orderBook()).map((entry) => entry.tag)).toEqual(['RT1', expect.stringMatching(/^AUTOSQOFF\d+$/)]);
  });

  it('reloads and retries when another writer got there first, without placing twice', async () => {
    const store = createInMemoryPaperStore(createPaperAccountState('PAPER1'));
    let interfered = false;
    const save: SavePaperAccount = async (state, expectedVersion) => {
      if (!interfered) {
        interfered = true;
        const other = await store.load();
        await store.save(other.state, other.version);
      }
      await store.save(state, expectedVersion);
    };
    const adapter = createPaperAdapter({ load: store.load, save, clock: () => ist('2025-11-19T10:00:00'), priceFeed: scriptedFeed });
    expect((await adapter.placeOrder(order())).kind).toBe('accepted');
    expect(store.current().version).toBe(2);
    expect(store.current().state.orders).toHaveLength(1);
  });

  it('gives up after repeated conflicts', async () => {
    const store = createInMemoryPaperStore(createPaperAccountState('PAPER1'));
    const alwaysStale: SavePaperAccount = async (_state, expectedVersion) => {
      throw new PaperStateConflictError(expectedVersion, expectedVersion + 1);
    };
    const adapter = createPaperAdapter({ load: store.load, save: alwaysStale, clock: () => ist('2025-11-19T10:00:00'), priceFeed: scriptedFeed });
    await expect(adapter.placeOrder(order())).rejects.toThrow(PaperStateConflictError);
  });
  describe('the read-back after a placement (issue 22: load and save only)', () => {
    function counted() {
      const store = createInMemoryPaperStore(createPaperAccountState('PAPER1', 100_000));
      const clock = { now: ist('2025-11-19T10:00:00') };
      const loads = { count: 0 };
      const adapter = createPaperAdapter({ load: async () => ((loads.count += 1), store.load()), save: store.save, clock: () => clock.now, priceFeed: scriptedFeed });
      return { store, clock, loads, adapter };
    }

    it('answers the order book right after a placement from the state it saved, once; the next read loads again', async () => {
      const { loads, adapter } = counted();
      const placed = await adapter.placeOrder(order());
      expect(loads.count).toBe(1);
      expect(await adapter.orderBook()).toEqual([expect.objectContaining({ brokerOrderId: placed.kind === 'accepted' ? placed.brokerOrderId : '', status: 'pending' })]);
      expect(loads.count).toBe(1);
      await adapter.orderBook();
      expect(loads.count).toBe(2);
      await adapter.placeOrder(order({ tag: 'RT2' }));
      await adapter.positions();
      await adapter.orderBook();
      expect(loads.count).toBe(5);
    });

    it('never saves over another writer: a read-back whose catch-up fills an order on a state changed meanwhile reloads and fills once', async () => {
      const { store, clock, loads, adapter } = counted();
      await adapter.placeOrder(order());
      // Another connection to the same account places an order between the placement and the read-back.
      const other = createPaperAdapter({ load: store.load, save: store.save, clock: () => clock.now, priceFeed: scriptedFeed });
      await other.placeOrder(order({ tag: 'OTHER' }));
      clock.now = ist('2025-11-19T10:01:00');
      const book = await adapter.orderBook();
      expect(loads.count).toBe(2);
      expect(book.map((row) => [row.tag, row.status]).sort()).toEqual([
        ['OTHER', 'completed'],
        ['RT1', 'completed'],
      ]);
      expect(store.current().state.orders.map((row) => row.tag).sort()).toEqual(['OTHER', 'RT1']);
    });
  });
});
