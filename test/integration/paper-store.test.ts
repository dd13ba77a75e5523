import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { createPaperAccountState, type PaperAccountState } from '../../functions/broker-adapters/paper/account-state';
import { createPaperAdapter } from '../../functions/broker-adapters/paper/paper-adapter';
import type { PriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { PaperStateConflictError, type SavePaperAccount } from '../../functions/broker-adapters/paper/state-store';
import { createDynamoPaperStore, createPaperAccountItem, PaperAccountNotFoundError } from '../../functions/broker-adapters/paper/store/dynamo-paper-store';
import { packPaperState, type PaperAccountAddress } from '../../functions/broker-adapters/paper/store/paper-state-item';
import { paperStateKeys } from '../../functions/data/keys';
import { tableName } from '../../functions/data/table';
import { dynamo } from '../../functions/platform/clients';

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

/** The stored item as the engine holds it. */
async function storedItem(address: PaperAccountAddress): Promise<Record<string, unknown>> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: paperStateKeys.item(address.frchId, address.userId, address.accountId), ConsistentRead: true }));
  return Item ?? {};
}

/** Another container's write: straight to the item, so this process's copy of the account does not see it. */
async function writeFromAnotherContainer(address: PaperAccountAddress, state: PaperAccountState, expectedVersion: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: paperStateKeys.item(address.frchId, address.userId, address.accountId),
      UpdateExpression: 'SET packed = :packed, v = :next',
      ConditionExpression: 'v = :expected',
      ExpressionAttributeValues: { ':packed': packPaperState(state), ':next': expectedVersion + 1, ':expected': expectedVersion },
    }),
  );
}

describe('paper state stored packed (issue 22)', () => {
  it('keeps a day of 400 orders as one small binary attribute, far inside the item limit', async () => {
    // Prepare: 400 filled orders, each with its whole instrument, as a busy paper day holds them.
    const { address } = await newAccount();
    const store = createDynamoPaperStore(address);
    const adapter = createPaperAdapter({ load: store.load, loadForChange: store.loadForChange, save: store.save, clock: () => tradingMorning, priceFeed: flatFeed });
    const busyDay = await store.load();
    const orders = Array.from({ length: 400 }, (_, n) => filledOrder(address.accountId, n));
    await store.save({ ...busyDay.state, sequence: 400, orders }, busyDay.version);
    // Act
    expect((await adapter.placeOrder(limitBuy('LAST'))).kind).toBe('accepted');
    // Assess: as a map, the same day is over 200 KB of the 400 KB item limit.
    const item = await storedItem(address);
    expect(item.state).toBeUndefined();
    expect(item.packed).toBeInstanceOf(Uint8Array);
    expect((item.packed as Uint8Array).byteLength).toBeLessThan(40_000);
    expect(JSON.stringify((await store.load()).state).length).toBeGreaterThan(200_000);
    expect((await store.load()).state.orders.map((order) => order.tag).slice(-2)).toEqual(['F399', 'LAST']);
  });

  it('still loads an account stored as a map before the packed form, and packs it on its next save', async () => {
    // Prepare
    const accountId = `PAPER-${randomUUID()}`;
    const address = { frchId: 1, userId: 900_000 + Math.floor(Math.random() * 99_999), accountId };
    const older = createPaperAccountState(accountId, 300_000);
    const key = paperStateKeys.item(address.frchId, address.userId, accountId);
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key, entity: 'paper-state', v: 4, state: older } }));
    const store = createDynamoPaperStore(address);
    // Act
    const loaded = await store.load();
    await createPaperAdapter({ load: store.load, save: store.save, clock: () => tradingMorning, priceFeed: flatFeed }).placeOrder(limitBuy('AFTER'));
    // Assess
    expect(loaded).toEqual({ state: older, version: 4 });
    const item = await storedItem(address);
    expect(item).toMatchObject({ v: 5 });
    expect(item.state).toBeUndefined();
    expect((await store.load()).state).toMatchObject({ funds: { openingBalance: 300_000 }, orders: [expect.objectContaining({ tag: 'AFTER' })] });
  });
});

describe("a change starts from the container's copy of the account (issue 22)", () => {
  function adapterCountingLoads(address: PaperAccountAddress) {
    const store = createDynamoPaperStore(address);
    const loads = { fresh: 0 };
    const load = () => {
      loads.fresh += 1;
      return store.load();
    };
    return { loads, adapter: createPaperAdapter({ load, loadForChange: store.loadForChange, save: store.save, clock: () => tradingMorning, priceFeed: flatFeed }) };
  }

  it('places the next orders with one engine call each: the versioned save, no load', async () => {
    const { address } = await newAccount();
    await createDynamoPaperStore(address).load();
    const { adapter, loads } = adapterCountingLoads(address);
    for (const tag of ['A', 'B', 'C']) expect((await adapter.placeOrder(limitBuy(tag))).kind).toBe('accepted');
    expect(loads.fresh).toBe(0);
    expect(await createDynamoPaperStore(address).load()).toMatchObject({ version: 3, state: { orders: [{ tag: 'A' }, { tag: 'B' }, { tag: 'C' }] } });
  });

  it('a copy another container overtook fails its save, and the order lands on the stored account', async () => {
    // Prepare: this container's copy is at version 0; another container then places an order.
    const { address } = await newAccount();
    const copy = await createDynamoPaperStore(address).load();
    const elsewhere = createPaperAdapter({ load: async () => copy, save: (state, version) => writeFromAnotherContainer(address, state, version), clock: () => tradingMorning, priceFeed: flatFeed });
    await elsewhere.placeOrder(limitBuy('ELSEWHERE'));
    const { adapter, loads } = adapterCountingLoads(address);
    // Act
    const placed = await adapter.placeOrder(limitBuy('HERE'));
    // Assess
    expect(placed.kind).toBe('accepted');
    expect(loads.fresh).toBe(1);
    const stored = await createDynamoPaperStore(address).load();
    expect(stored.version).toBe(2);
    expect(stored.state.orders.map((order) => order.tag)).toEqual(['ELSEWHERE', 'HERE']);
    expect(new Set(stored.state.orders.map((order) => order.id)).size).toBe(2);
  });

  it('a change the copy cannot make is asked of the stored account: cancelling an order placed elsewhere', async () => {
    // Prepare
    const { address } = await newAccount();
    const copy = await createDynamoPaperStore(address).load();
    const elsewhere = createPaperAdapter({ load: async () => copy, save: (state, version) => writeFromAnotherContainer(address, state, version), clock: () => tradingMorning, priceFeed: flatFeed });
    const placedElsewhere = await elsewhere.placeOrder(limitBuy('ELSEWHERE'));
    if (placedElsewhere.kind !== 'accepted') throw new Error('the order was not placed');
    const { adapter, loads } = adapterCountingLoads(address);
    // Act
    await adapter.cancelOrder(placedElsewhere.brokerOrderId);
    // Assess
    expect(loads.fresh).toBe(1);
    expect((await createDynamoPaperStore(address).load()).state.orders).toEqual([expect.objectContaining({ tag: 'ELSEWHERE', status: 'cancelled' })]);
  });
});

/** The n-th order of a busy day: a filled MARKET buy. */
function filledOrder(accountId: string, n: number) {
  const at = tradingMorning.toISOString();
  return {
    id: `${accountId}-O${n + 1}`, tag: `F${n}`, instrument: sbin, action: 'BUY' as const, orderType: 'MARKET' as const, product: 'DELIVERY' as const, quantity: 1, price: null, triggerPrice: null,
    status: 'completed' as const, triggered: false, reason: null, filledQuantity: 1, averagePrice: 800, blockedMargin: 0, placedAt: at, updatedAt: at,
  };
}
