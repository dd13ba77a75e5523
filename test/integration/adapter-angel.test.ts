import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/platform/clock';
import { AngelAdapter } from '../../functions/broker-adapters/angelone/angel-adapter';
import type { AngelRateClass } from '../../functions/broker-adapters/angelone/angel-config';
import { loginAngel } from '../../functions/broker-adapters/angelone/angel-login';
import type { AngelClientNetwork, AngelCredentials, AngelSession } from '../../functions/broker-adapters/angelone/angel-session';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { BrokerRateLimitedError, BrokerSessionExpiredError } from '../../functions/broker-adapters/http/broker-errors';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { perSecond } from '../../functions/broker-adapters/http/rate-window';
import type { BrokerAlert } from '../../functions/broker-adapters/mapping/broker-alerts';
import type { Instrument } from '../../shared/domain/instruments';
import { startAngelFake, type AngelFake } from '../fakes/angel-fake';

const CREDENTIALS: AngelCredentials = { apiKey: 'angelfakekey', clientCode: 'A123456', pin: '4321', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const NETWORK: AngelClientNetwork = { localIp: '10.0.0.5', publicIp: '203.0.113.7', macAddress: '02:42:ac:11:00:02' };

const sbin: Instrument = {
  script_id: 'NSE:SBIN',
  exchange: 'NSE',
  trading_symbol: 'SBIN',
  name: 'STATE BANK OF INDIA',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  /** As the market loaders write it: the Angel token only; the adapter sends `SBIN-EQ` next to it. */
  broker_tokens: { angel: '3045' },
};
const niftyPut: Instrument = {
  script_id: 'NFO:NIFTY25NOV2524000PE',
  exchange: 'NFO',
  trading_symbol: 'NIFTY25NOV2524000PE',
  name: 'NIFTY',
  instrument_type: 'PE',
  expiry: '2025-11-25',
  strike: 24000,
  lot_size: 75,
  tick_size: 0.05,
  broker_tokens: { angelone: '43651', 'angelone:tradingsymbol': 'NIFTY25NOV2524000PE' },
};
/** Angel needs its own `-EQ` symbol: an equity without master keys is not addressable. */
const unmapped: Instrument = { ...sbin, script_id: 'NSE:TCS', trading_symbol: 'TCS', broker_tokens: {} };

const FAST_PLAN: Record<AngelRateClass, ReturnType<typeof perSecond>[]> = {
  order: [perSecond(100_000)],
  book: [perSecond(100_000)],
  quote: [perSecond(100_000)],
  login: [perSecond(100_000)],
};

let fake: AngelFake;
let agents: KeepAliveAgentPool;
let alerts: BrokerAlert[];
let session: AngelSession;
let renewals: AngelSession[];

function adapterFor(overrides: { session?: AngelSession; timeoutMs?: number } = {}) {
  return new AngelAdapter({
    session: overrides.session ?? session,
    network: NETWORK,
    endpoint: { baseUrl: fake.url, timeoutMs: overrides.timeoutMs ?? 2_000 },
    ratePlan: FAST_PLAN,
    limiters: new LimiterRegistry(),
    agents,
    alert: (alert) => alerts.push(alert),
    onSessionRenewed: (renewed) => renewals.push(renewed),
  });
}

const order = (change: Partial<OrderRequest> = {}): OrderRequest => ({
  instrument: sbin,
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
  fake = await startAngelFake({
    ...CREDENTIALS,
    instruments: [
      { exchange: 'NSE', tradingsymbol: 'SBIN-EQ', symboltoken: '3045', ltp: 801.35 },
      { exchange: 'NFO', tradingsymbol: 'NIFTY25NOV2524000PE', symboltoken: '43651', ltp: 95.5 },
    ],
    availableCash: 250_000,
  });
  agents = new KeepAliveAgentPool();
  alerts = [];
  renewals = [];
  const tokens = fake.seedSession();
  session = { apiKey: CREDENTIALS.apiKey, clientCode: CREDENTIALS.clientCode, ...tokens, validUntil: nowMs() + 3_600_000 };
});

afterEach(async () => {
  agents.destroyAll();
  await fake.stop();
});

describe('Angel One adapter: login and session', () => {
  const login = (credentials: AngelCredentials) =>
    loginAngel(credentials, { network: NETWORK, endpoint: { baseUrl: fake.url }, agents, ratePlan: FAST_PLAN, limiters: new LimiterRegistry() });

  it('logs in with client code, PIN and a TOTP from the secret, and the JWT works', async () => {
    const fresh = await login(CREDENTIALS);
    expect(fresh.jwtToken).toMatch(/^eyJ/);
    expect(fresh.validUntil).toBeGreaterThan(nowMs());
    await expect(adapterFor({ session: fresh }).orderBook()).resolves.toEqual([]);
    const [loginCall] = fake.server.calls;
    expect(JSON.parse(loginCall?.request.body ?? '{}')).toMatchObject({ clientcode: 'A123456', password: '4321', totp: expect.stringMatching(/^\d{6}$/) });
  });

  it.each([
    ['a wrong PIN', { pin: '0000' }],
    ['a wrong TOTP secret', { totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' }],
    ['a wrong API key', { apiKey: 'other' }],
  ])('fails the login on %s', async (_label, change) => {
    await expect(login({ ...CREDENTIALS, ...change })).rejects.toMatchObject({ kind: 'session-expired', reason: 'login-failed' });
  });

  it('renews an expired JWT once with the refresh token and repeats the call', async () => {
    fake.expireJwt();
    const adapter = adapterFor();
    const [first, second] = await Promise.all([adapter.placeOrder(order()), adapter.funds()]);
    expect(first.kind).toBe('accepted');
    expect(second.available).toBeGreaterThan(0);
    expect(fake.server.callCount('refresh')).toBe(1);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.jwtToken).not.toBe(session.jwtToken);
    expect(fake.orders()).toHaveLength(1);
  });

  it('reports an expired session when the refresh token is dead too, placing nothing', async () => {
    fake.expireJwt();
    fake.expireRefreshToken();
    await expect(adapterFor().placeOrder(order())).rejects.toMatchObject({ kind: 'session-expired', reason: 'refresh-failed' });
    expect(fake.orders()).toHaveLength(0);
  });

  it('reports an unknown JWT as an expired session', async () => {
    await expect(adapterFor({ session: { ...session, jwtToken: 'eyJforged' } }).positions()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
  });

  it('renews before calling when the session is past its validity', async () => {
    await adapterFor({ session: { ...session, validUntil: nowMs() - 1 } }).orderBook();
    expect(fake.server.calls.map((call) => call.route)).toEqual(['refresh', 'orders']);
  });
});

describe('Angel One adapter: happy paths', () => {
  it('places a MARKET order as NORMAL with the SmartAPI headers and string fields', async () => {
    const outcome = await adapterFor().placeOrder(order());
    expect(outcome).toEqual({ kind: 'accepted', brokerOrderId: fake.orders()[0]?.orderid });
    const call = fake.server.calls.find((candidate) => candidate.route === 'place');
    expect(JSON.parse(call?.request.body ?? '{}')).toEqual({
      variety: 'NORMAL',
      tradingsymbol: 'SBIN-EQ',
      symboltoken: '3045',
      transactiontype: 'BUY',
      exchange: 'NSE',
      ordertype: 'MARKET',
      producttype: 'INTRADAY',
      duration: 'DAY',
      price: '0',
      quantity: '10',
      ordertag: 'TB00000000000001',
    });
    expect(call?.request.headers).toMatchObject({
      authorization: `Bearer ${session.jwtToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'x-usertype': 'USER',
      'x-sourceid': 'WEB',
      'x-clientlocalip': '10.0.0.5',
      'x-clientpublicip': '203.0.113.7',
      'x-macaddress': '02:42:ac:11:00:02',
      'x-privatekey': 'angelfakekey',
    });
  });

  it('sends SL as variety STOPLOSS + STOPLOSS_LIMIT, then modifies and cancels it', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(
      order({ instrument: niftyPut, orderType: 'SL', product: 'CARRYFORWARD', quantity: 75, price: 90, triggerPrice: 91, action: 'SELL' }),
    );
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(fake.orders()[0]).toMatchObject({ variety: 'STOPLOSS', ordertype: 'STOPLOSS_LIMIT', producttype: 'CARRYFORWARD', price: 90, triggerprice: 91 });
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'trigger pending' });

    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 88, triggerPrice: 89, quantity: 150 });
    expect(fake.orders()[0]).toMatchObject({ price: 88, triggerprice: 89, quantity: 150, ordertype: 'STOPLOSS_LIMIT' });

    await adapter.cancelOrder(placed.brokerOrderId);
    expect((await adapter.orderBook())[0]).toMatchObject({ brokerOrderId: placed.brokerOrderId, status: 'cancelled', tag: 'TB00000000000001' });
  });

  it('reads the order book, positions, RMS funds and last prices (string numbers included)', async () => {
    const adapter = adapterFor();
    await adapter.placeOrder(order({ quantity: 10 }));
    await adapter.placeOrder(order({ action: 'SELL', quantity: 3, tag: 'TB00000000000002' }));
    await adapter.placeOrder(order({ orderType: 'LIMIT', price: 790, tag: 'TB00000000000003', product: 'DELIVERY' }));

    const book = await adapter.orderBook();
    expect(book.map((row) => [row.tag, row.status])).toEqual([
      ['TB00000000000001', 'completed'],
      ['TB00000000000002', 'completed'],
      ['TB00000000000003', 'pending'],
    ]);
    expect(book[0]).toMatchObject({ quantity: 10, filledQuantity: 10, averagePrice: 801.35, tradingSymbol: 'SBIN-EQ', exchange: 'NSE' });

    expect(await adapter.positions()).toEqual([
      { tradingSymbol: 'SBIN-EQ', exchange: 'NSE', product: 'INTRADAY', netQuantity: 7, averagePrice: 801.35, lastPrice: 801.35, realisedPnl: 0, unrealisedPnl: 0 },
    ]);
    const funds = await adapter.funds();
    expect(funds.used).toBeCloseTo(8013.5, 4);
    expect(funds.available).toBeCloseTo(250_000 - 8013.5, 4);

    const prices = await adapter.ltp([sbin, niftyPut, unmapped]);
    expect(Object.fromEntries(prices)).toEqual({ 'NSE:SBIN': 801.35, 'NFO:NIFTY25NOV2524000PE': 95.5 });
    expect(alerts).toEqual([]);
  });

  it('reads empty books (data: null) as empty lists', async () => {
    const adapter = adapterFor();
    await expect(adapter.orderBook()).resolves.toEqual([]);
    await expect(adapter.positions()).resolves.toEqual([]);
  });
});

describe('Angel One adapter: refusals', () => {
  it('returns Angel’s message for an HTTP-200 refusal', async () => {
    const wrongSymbol = { ...sbin, broker_tokens: { angelone: '3045', 'angelone:tradingsymbol': 'SBI-EQ' } };
    await expect(adapterFor().placeOrder(order({ instrument: wrongSymbol }))).resolves.toEqual({ kind: 'rejected', reason: 'Symbol not found' });
  });

  it('refuses an instrument without Angel symbol and token, without calling', async () => {
    await expect(adapterFor().placeOrder(order({ instrument: unmapped }))).resolves.toMatchObject({ kind: 'rejected' });
    expect(fake.server.calls).toHaveLength(0);
  });

  it('reports an order accepted and then rejected as rejected, with the reason', async () => {
    fake.inject('place', { kind: 'accept-then-reject', reason: 'Your order has been rejected due to Insufficient Funds.' });
    const adapter = adapterFor();
    expect((await adapter.placeOrder(order())).kind).toBe('accepted');
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'open pending' });
    expect((await adapter.orderBook())[0]).toMatchObject({
      status: 'rejected',
      reason: 'Your order has been rejected due to Insufficient Funds.',
    });
  });

  it('refuses to modify an order that is not in the book', async () => {
    await expect(adapterFor().modifyOrder({ brokerOrderId: '999', price: 1 })).rejects.toMatchObject({ kind: 'rejected' });
  });
});

describe('Angel One adapter: faults never duplicate an order', () => {
  it('429 on a read → RateLimited', async () => {
    fake.inject('orders', { kind: 'rate-limit' });
    await expect(adapterFor().orderBook()).rejects.toBeInstanceOf(BrokerRateLimitedError);
    expect(fake.server.callCount('orders')).toBe(1);
  });

  it('429 on place → unknown (Angel may have placed it), sent once; reconcile settles it either way', async () => {
    const adapter = adapterFor();
    fake.inject('place', { kind: 'rate-limit' });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toEqual({ kind: 'absent' });

    fake.inject('place', { kind: 'rate-limit', afterHandling: true });
    await expect(adapter.placeOrder(order({ tag: 'TB00000000000002' }))).resolves.toMatchObject({ kind: 'unknown' });
    await expect(adapter.reconcileByTag('TB00000000000002')).resolves.toMatchObject({ kind: 'found', duplicates: [] });
    expect(fake.server.callCount('place')).toBe(2);
    expect(fake.orders()).toHaveLength(1);
  });

  it('5xx on place → unknown, not retried; reconcile finds it once or reports it absent', async () => {
    const adapter = adapterFor();
    fake.inject('place', { kind: 'server-error', status: 502 });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toEqual({ kind: 'absent' });

    fake.inject('place', { kind: 'server-error', status: 500, afterHandling: true });
    await expect(adapter.placeOrder(order({ tag: 'TB00000000000002' }))).resolves.toMatchObject({ kind: 'unknown' });
    const found = await adapter.reconcileByTag('TB00000000000002');
    expect(found).toMatchObject({ kind: 'found', order: { brokerOrderId: fake.orders()[0]?.orderid }, duplicates: [] });
    expect(fake.server.callCount('place')).toBe(2);
  });

  it('record the order, then time out → unknown; reconcile finds it; never a second order', async () => {
    fake.inject('place', { kind: 'timeout', afterHandling: true });
    const adapter = adapterFor({ timeoutMs: 300 });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toMatchObject({ kind: 'found', order: { status: 'completed' } });
    expect(fake.server.callCount('place')).toBe(1);
    expect(fake.orders()).toHaveLength(1);
  });

  it('latency below the timeout is just slow', async () => {
    fake.inject('place', { kind: 'latency', ms: 150 });
    await expect(adapterFor({ timeoutMs: 1_000 }).placeOrder(order())).resolves.toMatchObject({ kind: 'accepted' });
  });
});

describe('Angel One adapter: keep-alive', () => {
  it('sends 1,000 orders over at most 10 TCP connections', async () => {
    const adapter = adapterFor({ timeoutMs: 10_000 });
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => adapter.placeOrder(order({ tag: `TBA${String(index).padStart(6, '0')}` }))),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'accepted')).toBe(true);
    expect(fake.orders()).toHaveLength(1000);
    const connections = fake.server.connectionsOpened();
    console.info(`[angelone] 1,000 orders used ${connections} TCP connection(s)`);
    expect(connections).toBeLessThanOrEqual(10);
  });
});
