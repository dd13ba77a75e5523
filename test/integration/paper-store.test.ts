import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { createPaperAccountState, type PaperAccountState } from '../../functions/broker-adapters/paper/account-state';
import { createPaperAdapter } from '../../functions/broker-adapters/paper/paper-adapter';
import type { PriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { PaperStateConflictError, type SavePaperAccount } from '../../functions/broker-adapters/paper/state-store';
import { createDynamoPaperStore, createPaperAccountItem, PaperAccountNotFoundError } from '../../functions/broker-adapters/paper/store/dynamo-paper-store';
import type { PaperAccountAddress } from '../../functions/broker-adapters/paper/store/paper-state-item';

const sbin: Instrument = {
  script_id: 'NSE:SBIN', exchange: 'NSE', trading_symbol: 'SBIN', name: 'State Bank of India', instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: {},
};

const tradingMorning = new Date('2025-11-19T10:00:00+05:30');
const flatFeed: PriceFeed = { seed: 'flat', ltp: () => 800, underlyingLevel: () => 800 };

function limitBuy(tag: string): OrderRequest {
  return { instrument: sbin, action: 'BUY', orderType: 'LIMIT', product: 'DELIVERY', quantity: 5, price: 790, triggerPrice: null, tag };
}

/** A fresh paper account in DynamoDB Local, under a user id no other test uses. */
async function newAccount(): Promise<{ address: PaperAccountAddress; initial: PaperAccountState }> {
  const accountId = `PAPER-${randomUUID()}`;
  const address = { frchId: 1, userId: 900_000 + Math.floor(Math.random() * 99_999), accountId };
  const initial = createPaperAccountState(accountId, 250_000);
  expect(await createPaperAccountItem(address, initial)).toBe(true);
  return { address, initial };
}

function adapterOver(save: SavePaperAccount, address: PaperAccountAddress) {
  const store = createDynamoPaperStore(address);
  return createPaperAdapter({ load: store.load, save, clock: () => tradingMorning, priceFeed: flatFeed });
}

describe('paper state store on DynamoDB', () => {
  it('round-trips the account: created at version 0, each save stores the state and moves the version on', async () => {
    // Prepare
    const { address, initial } = await newAccount();
    const store = createDynamoPaperStore(address);
    // Act
    const loaded = await store.load();
    const changed: PaperAccountState = { ...loaded.state, sequence: 7, funds: { openingBalance: 250_000, realisedPnl: -12.5 } };
    await store.save(changed, loaded.version);
    // Assess
    expect(loaded).toEqual({ state: initial, version: 0 });
    expect(await store.load()).toEqual({ state: changed, version: 1 });
  });

  it('refuses to create an account that already exists', async () => {
    const { address } = await newAccount();
    expect(await createPaperAccountItem(address, createPaperAccountState(address.accountId, 1))).toBe(false);
    expect((await createDynamoPaperStore(address).load()).state.funds.openingBalance).toBe(250_000);
  });

  it('keeps a whole order book through the round trip (nulls, nested instruments, ISO instants)', async () => {
    const { address } = await newAccount();
    const adapter = adapterOver(createDynamoPaperStore(address).save, address);
    expect((await adapter.placeOrder(limitBuy('RT1'))).kind).toBe('accepted');
    const { state, version } = await createDynamoPaperStore(address).load();
    expect(version).toBe(1);
    expect(state.orders).toEqual([
      expect.objectContaining({ tag: 'RT1', instrument: sbin, price: 790, triggerPrice: null, averagePrice: null, status: 'pending', placedAt: tradingMorning.toISOString() }),
    ]);
  });

  it('answers a stale version with PaperStateConflictError and keeps the winner', async () => {
    // Prepare
    const { address, initial } = await newAccount();
    const first = createDynamoPaperStore(address);
    const second = createDynamoPaperStore(address);
    const seenByFirst = await first.load();
    const seenBySecond = await second.load();
    // Act
    await first.save({ ...seenByFirst.state, sequence: 1 }, seenByFirst.version);
    const losing = second.save({ ...seenBySecond.state, sequence: 99 }, seenBySecond.version);
    // Assess
    await expect(losing).rejects.toThrow(PaperStateConflictError);
    await expect(losing).rejects.toThrow('expected version 0, found 1');
    expect(await first.load()).toEqual({ state: { ...initial, sequence: 1 }, version: 1 });
  });

  it('answers not found for an account that was never created', async () => {
    const store = createDynamoPaperStore({ frchId: 1, userId: 999_999, accountId: `PAPER-${randomUUID()}` });
    await expect(store.load()).rejects.toThrow(PaperAccountNotFoundError);
    await expect(store.save(createPaperAccountState('X'), 0)).rejects.toThrow(PaperAccountNotFoundError);
  });
});

describe('paper adapter over the DynamoDB store, under a concurrent writer', () => {
  it('loses the first save to the other writer, reloads, retries and keeps both orders', async () => {
    // Prepare: adapter A's first save is preceded by adapter B placing its own order.
    const { address } = await newAccount();
    const store = createDynamoPaperStore(address);
    const other = adapterOver(store.save, address);
    const attempts: string[] = [];
    let interfered = false;
    const saveAfterInterference: SavePaperAccount = async (state, expectedVersion) => {
      if (!interfered) {
        interfered = true;
        expect((await other.placeOrder(limitBuy('OTHER'))).kind).toBe('accepted');
      }
      try {
        await store.save(state, expectedVersion);
        attempts.push(`saved over v${expectedVersion}`);
      } catch (error) {
        attempts.push(error instanceof PaperStateConflictError ? `conflict over v${expectedVersion}` : 'failed');
        throw error;
      }
    };
    const adapter = adapterOver(saveAfterInterference, address);
    // Act
    const placed = await adapter.placeOrder(limitBuy('MINE'));
    // Assess
    expect(placed.kind).toBe('accepted');
    expect(attempts).toEqual(['conflict over v0', 'saved over v1']);
    const stored = await store.load();
    expect(stored.version).toBe(2);
    expect(stored.state.orders.map((order) => order.tag)).toEqual(['OTHER', 'MINE']);
    expect(new Set(stored.state.orders.map((order) => order.id)).size).toBe(2);
  });

  it('lets two adapters place at the same time without losing or doubling an order', async () => {
    const { address } = await newAccount();
    const [left, right] = [adapterOver(createDynamoPaperStore(address).save, address), adapterOver(createDynamoPaperStore(address).save, address)];
    const outcomes = await Promise.all([left.placeOrder(limitBuy('LEFT')), right.placeOrder(limitBuy('RIGHT'))]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['accepted', 'accepted']);
    const stored = await createDynamoPaperStore(address).load();
    expect(stored.version).toBe(2);
    expect(stored.state.orders.map((order) => order.tag).sort()).toEqual(['LEFT', 'RIGHT']);
  });
});
