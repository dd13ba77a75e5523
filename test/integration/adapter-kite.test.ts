import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/platform/clock';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { BrokerRateLimitedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../../functions/broker-adapters/http/broker-errors';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { perSecond } from '../../functions/broker-adapters/http/rate-window';
import type { BrokerAlert } from '../../functions/broker-adapters/mapping/broker-alerts';
import { KiteAdapter } from '../../functions/broker-adapters/zerodha/kite-adapter';
import type { KiteRateClass } from '../../functions/broker-adapters/zerodha/kite-config';
import { exchangeKiteRequestToken } from '../../functions/broker-adapters/zerodha/kite-login';
import type { KiteSession } from '../../functions/broker-adapters/zerodha/kite-session';
import type { Instrument } from '../../shared/domain/instruments';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';

const API_KEY = 'kitefakekey';
const API_SECRET = 'kitefakesecret';

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
  /** As the market loaders write it: the Kite token only (Kite spells equities like the platform). */
  broker_tokens: { kite: '408065' },
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
  broker_tokens: { zerodha: '10923010', 'zerodha:tradingsymbol': 'NIFTY25NOV24000CE' },
};
/** Kite spells equities like the platform, so an equity is always addressable; a contract without master keys is not. */
const unmapped: Instrument = { ...niftyCall, script_id: 'NFO:NIFTY25NOV2525000CE', trading_symbol: 'NIFTY25NOV2525000CE', broker_tokens: {} };
/** A contract whose master row kept only the Kite token: quotable by token, but never ordered by a guessed symbol. */
const tokenOnlyCall: Instrument = { ...niftyCall, broker_tokens: { kite: '10923010' } };
const delisted: Instrument = { ...infy, script_id: 'NSE:GONE', trading_symbol: 'GONE', broker_tokens: {} };

/** Generous limits so tests are not paced by the 10/s production budget (the limiter has its own unit tests). */
const FAST_PLAN: Record<KiteRateClass, ReturnType<typeof perSecond>[]> = {
  order: [perSecond(100_000)],
  read: [perSecond(100_000)],
  quote: [perSecond(100_000)],
};

let fake: KiteFake;
let agents: KeepAliveAgentPool;
let alerts: BrokerAlert[];
let session: KiteSession;

function adapterFor(overrides: { session?: KiteSession; timeoutMs?: number; clock?: () => number } = {}) {
  return new KiteAdapter({
    session: overrides.session ?? session,
    endpoint: { baseUrl: fake.url, timeoutMs: overrides.timeoutMs ?? 2_000 },
    ratePlan: FAST_PLAN,
    limiters: new LimiterRegistry(),
    agents,
    alert: (alert) => alerts.push(alert),
    ...(overrides.clock ? { clock: overrides.clock } : {}),
  });
}

const order = (change: Partial<OrderRequest> = {}): OrderRequest => ({
  instrument: infy,
  action: 'BUY',
  orderType: 'MARKET',
  product: 'INTRADAY',
  quantity: 10,
  price: null,
  triggerPrice: null,
  tag: 'TB00000000000001',
  ...change,
});

beforeEach(async () => {
  fake = await startKiteFake({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    accessToken: 'seededaccesstoken',
    instruments: [
      { exchange: 'NSE', tradingsymbol: 'INFY', instrumentToken: 408065, lastPrice: 1500.5 },
      { exchange: 'NFO', tradingsymbol: 'NIFTY25NOV24000CE', instrumentToken: 10923010, lastPrice: 120.25 },
    ],
    availableCash: 500_000,
  });
  agents = new KeepAliveAgentPool();
  alerts = [];
  session = { apiKey: API_KEY, accessToken: 'seededaccesstoken', userId: 'AB1234', validUntil: nowMs() + 3_600_000 };
});

afterEach(async () => {
  agents.destroyAll();
  await fake.stop();
});

describe('Zerodha adapter: login', () => {
  it('exchanges a request token for a session that the API accepts', async () => {
    const fresh = await exchangeKiteRequestToken(
      { apiKey: API_KEY, apiSecret: API_SECRET, requestToken: fake.issueRequestToken() },
      { endpoint: { baseUrl: fake.url }, agents },
    );
    expect(fresh.accessToken).toBe(fake.accessToken());
    expect(fresh.userId).toBe('AB1234');
    expect(fresh.validUntil).toBeGreaterThan(nowMs());
    await expect(adapterFor({ session: fresh }).orderBook()).resolves.toEqual([]);
  });

  it('fails the login on a wrong secret or a reused request token', async () => {
    const requestToken = fake.issueRequestToken();
    const exchange = (apiSecret: string) =>
      exchangeKiteRequestToken({ apiKey: API_KEY, apiSecret, requestToken }, { endpoint: { baseUrl: fake.url }, agents });
    await expect(exchange('wrong-secret')).rejects.toMatchObject({ kind: 'session-expired', reason: 'login-failed' });
    await exchange(API_SECRET);
    await expect(exchange(API_SECRET)).rejects.toMatchObject({ kind: 'session-expired', reason: 'login-failed' });
  });

  it('reports a wrong or killed access token as an expired session', async () => {
    await expect(adapterFor({ session: { ...session, accessToken: 'wrong' } }).positions()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    fake.invalidateSession();
    const outcome = adapterFor().placeOrder(order());
    await expect(outcome).rejects.toMatchObject({ kind: 'session-expired', reason: 'token-rejected' });
    expect(fake.orders()).toHaveLength(0);
  });

  it('refuses a session past 06:00 IST without calling Zerodha', async () => {
    const adapter = adapterFor({ clock: () => session.validUntil + 1 });
    await expect(adapter.placeOrder(order())).rejects.toMatchObject({ kind: 'session-expired', reason: 'past-validity' });
    expect(fake.server.calls).toHaveLength(0);
  });
});

describe('Zerodha adapter: happy paths', () => {
  it('places a MARKET order with market_protection and the tag, form-encoded', async () => {
    const outcome = await adapterFor().placeOrder(order());
    expect(outcome).toEqual({ kind: 'accepted', brokerOrderId: fake.orders()[0]?.order_id });
    expect(fake.orders()[0]).toMatchObject({
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      product: 'MIS',
      order_type: 'MARKET',
      market_protection: '-1',
      validity: 'DAY',
      tag: 'TB00000000000001',
    });
    const [call] = fake.server.calls;
    expect(call?.request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call?.request.headers['x-kite-version']).toBe('3');
  });

  it('places, modifies and cancels an F&O limit order, then reads it back cancelled', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(
      order({ instrument: niftyCall, orderType: 'LIMIT', product: 'CARRYFORWARD', quantity: 150, price: 110, tag: 'TB00000000000002' }),
    );
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(fake.orders()[0]).toMatchObject({ tradingsymbol: 'NIFTY25NOV24000CE', product: 'NRML', order_type: 'LIMIT', price: 110 });

    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 112.5, quantity: 225 });
    expect(fake.orders()[0]).toMatchObject({ price: 112.5, quantity: 225 });
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'OPEN', quantity: 225 });

    await adapter.cancelOrder(placed.brokerOrderId);
    expect((await adapter.orderBook())[0]).toMatchObject({ brokerOrderId: placed.brokerOrderId, status: 'cancelled', tag: 'TB00000000000002' });
  });

  it('sends SL orders with price and trigger price', async () => {
    await adapterFor().placeOrder(order({ orderType: 'SL', action: 'SELL', price: 1490, triggerPrice: 1495 }));
    expect(fake.orders()[0]).toMatchObject({ order_type: 'SL', price: 1490, trigger_price: 1495, market_protection: null });
    expect((await adapterFor().orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'TRIGGER PENDING' });
  });

  it('reads the order book, net positions, equity funds and last prices', async () => {
    const adapter = adapterFor();
    await adapter.placeOrder(order({ quantity: 10 }));
    await adapter.placeOrder(order({ action: 'SELL', quantity: 4, tag: 'TB00000000000003' }));

    const book = await adapter.orderBook();
    expect(book).toHaveLength(2);
    expect(book[0]).toMatchObject({ status: 'completed', filledQuantity: 10, averagePrice: 1500.5, tradingSymbol: 'INFY', exchange: 'NSE', reason: null });

    expect(await adapter.positions()).toEqual([
      expect.objectContaining({ tradingSymbol: 'INFY', exchange: 'NSE', product: 'INTRADAY', netQuantity: 6, averagePrice: 1500.5, lastPrice: 1500.5 }),
    ]);
    expect(await adapter.funds()).toEqual({ available: 500_000 - 15_005, used: 15_005 });

    const prices = await adapter.ltp([infy, niftyCall, delisted, unmapped]);
    expect(Object.fromEntries(prices)).toEqual({ 'NSE:INFY': 1500.5, 'NFO:NIFTY25NOV2524000CE': 120.25 });
    expect(fake.server.calls.at(-1)?.request.query.getAll('i')).toEqual(['NSE:INFY', 'NFO:NIFTY25NOV24000CE', 'NSE:GONE']);
    expect(Object.fromEntries(await adapter.ltp([tokenOnlyCall]))).toEqual({ 'NFO:NIFTY25NOV2524000CE': 120.25 });
    expect(fake.server.calls.at(-1)?.request.query.getAll('i')).toEqual(['10923010']);
    expect(alerts).toEqual([]);
  });
});

describe('Zerodha adapter: refusals', () => {
  it('returns Zerodha’s message when it refuses the input', async () => {
    const outcome = await adapterFor().placeOrder(order({ instrument: { ...infy, broker_tokens: { 'zerodha:tradingsymbol': 'NOPE' } } }));
    expect(outcome).toEqual({ kind: 'rejected', reason: 'The instrument you are placing an order for has either expired or does not exist.' });
  });

  it('refuses what it cannot send without calling Zerodha', async () => {
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order({ product: 'MARGIN' }))).resolves.toMatchObject({ kind: 'rejected', reason: expect.stringContaining('MARGIN') });
    await expect(adapter.placeOrder(order({ instrument: tokenOnlyCall, product: 'CARRYFORWARD', quantity: 75 }))).resolves.toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('no Zerodha trading symbol'),
    });
    await expect(adapter.placeOrder(order({ tag: 'too-long-and-dashed-tag' }))).resolves.toMatchObject({ kind: 'rejected' });
    expect(fake.server.calls).toHaveLength(0);
  });

  it('reports an order accepted and then rejected by RMS as rejected, with the reason', async () => {
    fake.inject('place', { kind: 'accept-then-reject', reason: 'RMS:Margin Exceeds, Required:15005, Available:0' });
    const adapter = adapterFor();
    const outcome = await adapter.placeOrder(order());
    expect(outcome.kind).toBe('accepted');
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'VALIDATION PENDING' });
    expect((await adapter.orderBook())[0]).toMatchObject({
      status: 'rejected',
      brokerStatus: 'REJECTED',
      reason: 'RMS:Margin Exceeds, Required:15005, Available:0',
    });
  });
});

describe('Zerodha adapter: faults never duplicate an order', () => {
  it('429 on place → RateLimited, sent once, nothing placed', async () => {
    fake.inject('place', { kind: 'rate-limit' });
    await expect(adapterFor().placeOrder(order())).rejects.toBeInstanceOf(BrokerRateLimitedError);
    expect(fake.server.callCount('place')).toBe(1);
    expect(fake.orders()).toHaveLength(0);
  });

  it('5xx on place → unknown, not retried; reconcile reports the order absent', async () => {
    fake.inject('place', { kind: 'server-error', status: 503 });
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    expect(fake.server.callCount('place')).toBe(1);
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toEqual({ kind: 'absent' });
  });

  it('5xx after the OMS recorded the order → unknown; reconcile finds it exactly once', async () => {
    fake.inject('place', { kind: 'server-error', status: 500, afterHandling: true });
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    const found = await adapter.reconcileByTag('TB00000000000001');
    expect(found).toMatchObject({ kind: 'found', order: { brokerOrderId: fake.orders()[0]?.order_id, status: 'completed' }, duplicates: [] });
    expect(fake.orders()).toHaveLength(1);
  });

  it('record the order, then time out → unknown; reconcile finds it; never a second order', async () => {
    fake.inject('place', { kind: 'timeout', afterHandling: true });
    const adapter = adapterFor({ timeoutMs: 300 });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown', reason: expect.stringContaining('in time') });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toMatchObject({ kind: 'found', duplicates: [] });
    expect(fake.server.callCount('place')).toBe(1);
    expect(fake.orders()).toHaveLength(1);
  });

  it('a connection reset after sending is unknown for a write, and retried for a read', async () => {
    const adapter = adapterFor();
    fake.inject('place', { kind: 'reset' });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    expect(fake.server.callCount('place')).toBe(1);
    fake.inject('orders', { kind: 'reset' });
    await expect(adapter.orderBook()).resolves.toEqual([]);
    expect(fake.server.callCount('orders')).toBe(2);
  });

  it('a broker that cannot be reached is unavailable (nothing was sent), never unknown', async () => {
    await fake.stop();
    await expect(adapterFor().placeOrder(order())).rejects.toBeInstanceOf(BrokerUnavailableError);
    fake = await startKiteFake({ apiKey: API_KEY, apiSecret: API_SECRET, instruments: [] });
  });
});

describe('Zerodha adapter: keep-alive', () => {
  it('sends 1,000 orders over at most 10 TCP connections', async () => {
    const adapter = adapterFor({ timeoutMs: 10_000 });
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => adapter.placeOrder(order({ tag: `TBK${String(index).padStart(6, '0')}` }))),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'accepted')).toBe(true);
    expect(fake.orders()).toHaveLength(1000);
    const connections = fake.server.connectionsOpened();
    console.info(`[kite] 1,000 orders used ${connections} TCP connection(s)`);
    expect(connections).toBeLessThanOrEqual(10);
  });

  it('sends 1,000 orders one after another (as the per-account limiter paces them) over one connection', async () => {
    const adapter = adapterFor();
    for (let index = 0; index < 1000; index += 1) {
      await adapter.placeOrder(order({ tag: `TBS${String(index).padStart(6, '0')}` }));
    }
    expect(fake.orders()).toHaveLength(1000);
    const connections = fake.server.connectionsOpened();
    console.info(`[kite] 1,000 sequential orders used ${connections} TCP connection(s)`);
    expect(connections).toBe(1);
  });
});
