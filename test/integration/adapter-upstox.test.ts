import { randomBytes } from 'node:crypto';
import { now as clockNow, nowMs } from '../../functions/platform/clock';
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newAccountFields } from '../../functions/broker-accounts/accounts/new-account';
import { openSession, sealAccountSecrets } from '../../functions/broker-accounts/sessions/account-secrets';
import { completeUpstoxLogin, upstoxLoginUrlFor, upstoxSessionOf } from '../../functions/broker-accounts/sessions/upstox-session';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { BrokerRateLimitedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../../functions/broker-adapters/http/broker-errors';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { perSecond } from '../../functions/broker-adapters/http/rate-window';
import type { BrokerAlert } from '../../functions/broker-adapters/mapping/broker-alerts';
import { UpstoxAdapter } from '../../functions/broker-adapters/upstox/upstox-adapter';
import type { UpstoxRateClass } from '../../functions/broker-adapters/upstox/upstox-config';
import { BROKER_ENDPOINT_ENV, upstoxApiBaseUrl, upstoxOrderApiBaseUrl } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { exchangeUpstoxCode, upstoxLoginDialogUrl } from '../../functions/broker-adapters/upstox/upstox-login';
import { upstoxSessionValidUntil, type UpstoxSession } from '../../functions/broker-adapters/upstox/upstox-session';
import { createBrokerAccount, getBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { createLogger } from '../../functions/platform/logger';
import type { Instrument } from '../../shared/domain/instruments';
import { startUpstoxFake, type UpstoxFake } from '../fakes/upstox-fake';
import { createTestUser } from '../support/users';

process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');

const API_KEY = 'a1b2c3d4-0000-4bcd-9def-upstoxfake01';
const API_SECRET = 'upstoxfakesecret9';
const REDIRECT_URI = 'https://app.example.test/dematconnected';

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
  /** As the market loader writes it: the instrument key under `upstox`. */
  broker_tokens: { upstox: 'NSE_EQ|INE009A01021' },
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
  broker_tokens: { upstox: 'NSE_FO|43920' },
};
const crudeFuture: Instrument = {
  script_id: 'MCX:CRUDEOIL25NOV19FUT',
  exchange: 'MCX',
  trading_symbol: 'CRUDEOIL25NOV19FUT',
  name: 'CRUDEOIL',
  instrument_type: 'FUT',
  expiry: '2025-11-19',
  strike: null,
  lot_size: 100,
  tick_size: 1,
  broker_tokens: { upstox: 'MCX_FO|440001' },
};
/** Upstox addresses orders by instrument key alone: without one an instrument is not addressable. */
const unmapped: Instrument = { ...infy, script_id: 'NSE:TCS', trading_symbol: 'TCS', broker_tokens: {} };
/** A master row whose key names another segment than the instrument's exchange. */
const mixedUp: Instrument = { ...niftyCall, broker_tokens: { upstox: 'NSE_EQ|INE009A01021' } };

/** Generous limits so tests are not paced by the production budget (the limiter test below uses the real plan). */
const FAST_PLAN: Record<UpstoxRateClass, ReturnType<typeof perSecond>[]> = {
  order: [perSecond(100_000)],
  read: [perSecond(100_000)],
};

let fake: UpstoxFake;
let agents: KeepAliveAgentPool;
let alerts: BrokerAlert[];
let sleeps: number[];
let session: UpstoxSession;

interface AdapterOverrides {
  readonly session?: UpstoxSession;
  readonly timeoutMs?: number;
  readonly clock?: () => number;
  readonly limiters?: LimiterRegistry;
  readonly realLimits?: boolean;
  readonly accountKey?: string;
}

function adapterFor(overrides: AdapterOverrides = {}) {
  return new UpstoxAdapter({
    session: overrides.session ?? session,
    endpoint: { baseUrl: fake.apiUrl, timeoutMs: overrides.timeoutMs ?? 2_000 },
    orderBaseUrl: fake.orderUrl,
    ...(overrides.realLimits ? {} : { ratePlan: FAST_PLAN }),
    limiters: overrides.limiters ?? new LimiterRegistry(),
    agents,
    alert: (alert) => alerts.push(alert),
    sleep: async (ms) => void sleeps.push(ms),
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    ...(overrides.accountKey ? { accountKey: overrides.accountKey } : {}),
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

const bodyOf = (call: 'place' | 'modify' | 'token', index = 0): unknown => {
  const request = fake.requests(call)[index]?.request;
  return call === 'token' ? Object.fromEntries(new URLSearchParams(request?.body ?? '')) : JSON.parse(request?.body ?? '{}');
};

const exchange = (code: string, change: { apiSecret?: string; redirectUri?: string; clock?: () => number } = {}) =>
  exchangeUpstoxCode(
    { apiKey: API_KEY, apiSecret: change.apiSecret ?? API_SECRET, code, redirectUri: change.redirectUri ?? REDIRECT_URI },
    { endpoint: { baseUrl: fake.apiUrl }, orderBaseUrl: fake.orderUrl, agents, ...(change.clock ? { clock: change.clock } : {}) },
  );

beforeEach(async () => {
  fake = await startUpstoxFake({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    accessToken: 'seededaccesstoken',
    instruments: [
      { instrumentKey: 'NSE_EQ|INE009A01021', tradingSymbol: 'INFY', lastPrice: 1500.5 },
      { instrumentKey: 'NSE_FO|43920', tradingSymbol: 'NIFTY25NOV24000CE', lastPrice: 120.25 },
      { instrumentKey: 'MCX_FO|440001', tradingSymbol: 'CRUDEOIL25NOVFUT', lastPrice: 5400 },
    ],
    availableCash: 500_000,
  });
  agents = new KeepAliveAgentPool();
  alerts = [];
  sleeps = [];
  session = { accessToken: 'seededaccesstoken', userId: 'UPX123', validUntil: nowMs() + 3_600_000 };
});

afterEach(async () => {
  agents.destroyAll();
  await fake.stop();
});

describe('Upstox adapter: login', () => {
  it('sends the user to the authorization dialog with client_id, redirect_uri, response_type=code and state', () => {
    const url = new URL(upstoxLoginDialogUrl({ apiKey: API_KEY, redirectUri: REDIRECT_URI, state: '01JACCOUNT' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://api.upstox.com/v2/login/authorization/dialog');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: API_KEY, redirect_uri: REDIRECT_URI, response_type: 'code', state: '01JACCOUNT' });
  });

  it('exchanges the code, form-encoded, for a token the API accepts, valid until the next 03:30 IST', async () => {
    const loginAt = Date.UTC(2026, 0, 5, 14, 30); // 20:00 IST on Monday
    const fresh = await exchange(fake.issueAuthCode(REDIRECT_URI), { clock: () => loginAt });
    expect(fresh).toEqual({ accessToken: fake.accessToken(), userId: 'UPX123', validUntil: Date.UTC(2026, 0, 5, 22, 0) });
    const [call] = fake.requests('token');
    expect(call?.request.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
    expect(call?.request.headers.authorization).toBeUndefined();
    expect(bodyOf('token')).toEqual({
      code: expect.any(String),
      client_id: API_KEY,
      client_secret: API_SECRET,
      redirect_uri: REDIRECT_URI,
      grant_type: 'authorization_code',
    });
    await expect(adapterFor({ session: { ...fresh, validUntil: nowMs() + 60_000 } }).orderBook()).resolves.toEqual([]);
  });

  it.each([
    ['20:00 IST', Date.UTC(2026, 0, 5, 14, 30), Date.UTC(2026, 0, 5, 22, 0)],
    ['02:30 IST dies the same morning', Date.UTC(2026, 0, 5, 21, 0), Date.UTC(2026, 0, 5, 22, 0)],
    ['03:30 IST exactly lasts a day', Date.UTC(2026, 0, 5, 22, 0), Date.UTC(2026, 0, 6, 22, 0)],
    ['09:15 IST', Date.UTC(2026, 0, 6, 3, 45), Date.UTC(2026, 0, 6, 22, 0)],
  ])('a token made at %s expires at the first 03:30 IST after it', (_label, loginAt, expiresAt) => {
    expect(upstoxSessionValidUntil(loginAt)).toBe(expiresAt);
  });

  it('fails the login on a wrong secret, and the refused code is spent (single use even when the exchange fails)', async () => {
    const code = fake.issueAuthCode(REDIRECT_URI);
    await expect(exchange(code, { apiSecret: 'wrongsecret1' })).rejects.toMatchObject({ kind: 'session-expired', reason: 'login-failed' });
    await expect(exchange(code)).rejects.toMatchObject({ kind: 'session-expired', reason: 'login-failed' });
    expect(fake.callCount('token')).toBe(2);
  });

  it('fails the login on a redirect URI other than the one the code was issued for, with Upstox’s reason', async () => {
    const refused = exchange(fake.issueAuthCode(REDIRECT_URI), { redirectUri: 'https://elsewhere.example.test/cb' });
    await expect(refused).rejects.toMatchObject({ reason: 'login-failed', message: expect.stringContaining("'redirect_uri'") });
  });

  it('reports a wrong or killed access token as an expired session (401 UDAPI100050), placing nothing', async () => {
    await expect(adapterFor({ session: { ...session, accessToken: 'wrong' } }).positions()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    fake.invalidateSession();
    await expect(adapterFor().placeOrder(order())).rejects.toMatchObject({ kind: 'session-expired', reason: 'token-rejected' });
    expect(fake.orders()).toHaveLength(0);
  });

  it('refuses a session past 03:30 IST without calling Upstox', async () => {
    const adapter = adapterFor({ clock: () => session.validUntil });
    await expect(adapter.placeOrder(order())).rejects.toMatchObject({ kind: 'session-expired', reason: 'past-validity' });
    await expect(adapter.funds()).rejects.toMatchObject({ reason: 'past-validity' });
    expect(fake.totalCalls()).toBe(0);
  });
});

describe('Upstox adapter: placing, modifying, cancelling', () => {
  it('places a MARKET order on the order host: JSON keyed by instrument_token, price 0, the tag, Bearer and Accept headers', async () => {
    const outcome = await adapterFor().placeOrder(order());
    expect(outcome).toEqual({ kind: 'accepted', brokerOrderId: fake.orders()[0]?.order_id });
    expect(bodyOf('place')).toEqual({
      quantity: 10,
      product: 'I',
      validity: 'DAY',
      price: 0,
      tag: 'TB00000000000001',
      instrument_token: 'NSE_EQ|INE009A01021',
      order_type: 'MARKET',
      transaction_type: 'BUY',
      disclosed_quantity: 0,
      trigger_price: 0,
      is_amo: false,
      slice: false,
    });
    expect(fake.requests('place')[0]?.request.headers).toMatchObject({
      authorization: 'Bearer seededaccesstoken',
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  it('places an F&O LIMIT carry-forward order as product D, modifies it with the full v3 body, then cancels it', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(
      order({ instrument: niftyCall, orderType: 'LIMIT', product: 'CARRYFORWARD', quantity: 150, price: 110, tag: 'TB00000000000002' }),
    );
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(bodyOf('place')).toMatchObject({ instrument_token: 'NSE_FO|43920', product: 'D', order_type: 'LIMIT', price: 110, trigger_price: 0, quantity: 150 });

    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 112.5, quantity: 225 });
    expect(fake.requests('details')[0]?.request.query.get('order_id')).toBe(placed.brokerOrderId);
    expect(bodyOf('modify')).toEqual({
      order_id: placed.brokerOrderId,
      quantity: 225,
      validity: 'DAY',
      price: 112.5,
      order_type: 'LIMIT',
      disclosed_quantity: 0,
      trigger_price: 0,
    });
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'open', quantity: 225, price: 112.5, product: 'CARRYFORWARD' });

    await adapter.cancelOrder(placed.brokerOrderId);
    expect(fake.requests('cancel')[0]?.request.query.get('order_id')).toBe(placed.brokerOrderId);
    expect((await adapter.orderBook())[0]).toMatchObject({ brokerOrderId: placed.brokerOrderId, status: 'cancelled', tag: 'TB00000000000002' });
    await expect(adapter.cancelOrder(placed.brokerOrderId)).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('sends an automated order’s algo id in the X-Algo-Name header of the place and modify calls, and none on a manual order', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ orderType: 'LIMIT', price: 1400, algoId: 'UPALGO7' }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(fake.requests('place')[0]?.request.headers['x-algo-name']).toBe('UPALGO7');
    expect(fake.orders()[0]?.algo_name).toBe('UPALGO7');
    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 1401, algoId: 'UPALGO7' });
    expect(fake.requests('modify')[0]?.request.headers['x-algo-name']).toBe('UPALGO7');

    await adapter.placeOrder(order({ tag: 'TB00000000000009' }));
    expect(fake.requests('place')[1]?.request.headers).not.toHaveProperty('x-algo-name');
    expect(fake.orders()[1]?.algo_name).toBeNull();
  });

  it('is refused by a fake that requires an algo id (opt-in) without the header, with Upstox’s invalid-input error', async () => {
    await fake.stop();
    fake = await startUpstoxFake({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      accessToken: 'seededaccesstoken',
      requireAlgoId: true,
      instruments: [{ instrumentKey: 'NSE_EQ|INE009A01021', tradingSymbol: 'INFY', lastPrice: 1500.5 }],
    });
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order())).resolves.toEqual({ kind: 'rejected', reason: 'Invalid input passed to the API' });
    expect(fake.orders()).toHaveLength(0);
    await expect(adapter.placeOrder(order({ algoId: 'UPALGO7' }))).resolves.toMatchObject({ kind: 'accepted' });
    expect(fake.orders().map((row) => row.algo_name)).toEqual(['UPALGO7']);
  });

  it('sends SL with price and trigger price, reads it back trigger pending, and turns it into a LIMIT order', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ orderType: 'SL', action: 'SELL', price: 1490, triggerPrice: 1495 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(bodyOf('place')).toMatchObject({ order_type: 'SL', transaction_type: 'SELL', price: 1490, trigger_price: 1495 });
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'trigger pending', orderType: 'SL', price: 1490, triggerPrice: 1495 });

    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, orderType: 'LIMIT', price: 1488 });
    expect(bodyOf('modify')).toMatchObject({ order_type: 'LIMIT', price: 1488, trigger_price: 0, quantity: 10 });
  });

  it('sends commodity quantities in lots, and refuses what cannot be sent in whole lots', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ instrument: crudeFuture, quantity: 200 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(bodyOf('place')).toMatchObject({ instrument_token: 'MCX_FO|440001', quantity: 2 });
    await expect(adapter.placeOrder(order({ instrument: crudeFuture, quantity: 150 }))).resolves.toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('lot size 100'),
    });
    await expect(adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, quantity: 300 })).rejects.toMatchObject({ kind: 'rejected' });
    expect(fake.callCount('place')).toBe(1);
    expect(fake.callCount('modify')).toBe(0);
  });
});

describe('Upstox adapter: reading the account', () => {
  it('reads the order book with every field, net positions, equity funds and last prices', async () => {
    const adapter = adapterFor();
    await adapter.placeOrder(order({ quantity: 10 }));
    await adapter.placeOrder(order({ action: 'SELL', quantity: 4, tag: 'TB00000000000003' }));
    await adapter.placeOrder(order({ instrument: niftyCall, orderType: 'LIMIT', product: 'CARRYFORWARD', quantity: 75, price: 100, tag: 'TB00000000000004' }));

    const book = await adapter.orderBook();
    expect(book).toHaveLength(3);
    expect(book[0]).toEqual({
      brokerOrderId: fake.orders()[0]?.order_id,
      tag: 'TB00000000000001',
      status: 'completed',
      brokerStatus: 'complete',
      reason: null,
      quantity: 10,
      filledQuantity: 10,
      averagePrice: 1500.5,
      tradingSymbol: 'INFY',
      exchange: 'NSE',
      token: 'NSE_EQ|INE009A01021',
      action: 'BUY',
      orderType: 'MARKET',
      product: 'INTRADAY',
      price: null,
      triggerPrice: null,
      statusRecognised: true,
      expired: false,
    });
    expect(book[2]).toMatchObject({ status: 'pending', exchange: 'NFO', product: 'CARRYFORWARD', orderType: 'LIMIT', price: 100, averagePrice: null });

    expect(await adapter.positions()).toEqual([
      { tradingSymbol: 'INFY', exchange: 'NSE', product: 'INTRADAY', netQuantity: 6, averagePrice: 1500.5, lastPrice: 1500.5, realisedPnl: 0, unrealisedPnl: 0 },
    ]);
    expect(await adapter.funds()).toEqual({ available: 500_000 - 15_005, used: 15_005 });
    expect(fake.requests('funds')[0]?.request.query.get('segment')).toBe('SEC');

    const prices = await adapter.ltp([infy, niftyCall, unmapped]);
    expect(Object.fromEntries(prices)).toEqual({ 'NSE:INFY': 1500.5, 'NFO:NIFTY25NOV2524000CE': 120.25 });
    expect(fake.requests('ltp')[0]?.request.query.get('instrument_key')).toBe('NSE_EQ|INE009A01021,NSE_FO|43920');
    expect(alerts).toEqual([]);
  });

  it.each([
    ['put order req received', 'pending'],
    ['validation pending', 'pending'],
    ['open pending', 'pending'],
    ['modify pending', 'pending'],
    ['modify validation pending', 'pending'],
    ['modified', 'pending'],
    ['not modified', 'pending'],
    ['cancel pending', 'pending'],
    ['not cancelled', 'pending'],
    ['after market order req received', 'pending'],
    ['modify after market order req received', 'pending'],
    ['complete', 'completed'],
    ['rejected', 'rejected'],
    ['cancelled', 'cancelled'],
    ['cancelled after market order', 'cancelled'],
  ])('reads Upstox status "%s" as %s', async (brokerStatus, status) => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ orderType: 'LIMIT', price: 1400 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    fake.setOrderStates(placed.brokerOrderId, [{ status: brokerStatus, message: null }]);
    expect((await adapter.orderBook())[0]).toMatchObject({ status, brokerStatus, statusRecognised: true });
    expect(alerts).toEqual([]);
  });

  it('reads a status it does not know as pending, never completed, and raises an alert', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ orderType: 'LIMIT', price: 1400 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    fake.setOrderStates(placed.brokerOrderId, [{ status: 'partially executed', message: null }]);
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'partially executed', statusRecognised: false });
    expect(alerts).toEqual([{ broker: 'upstox', kind: 'unrecognised-status', value: 'partially executed', brokerOrderId: placed.brokerOrderId }]);
  });
});

describe('Upstox adapter: refusals', () => {
  it('returns Upstox’s message when it refuses the order', async () => {
    const unknownKey = { ...infy, broker_tokens: { upstox: 'NSE_EQ|INE000000000' } };
    await expect(adapterFor().placeOrder(order({ instrument: unknownKey }))).resolves.toEqual({ kind: 'rejected', reason: 'Instrument key is invalid' });
  });

  it('refuses what it cannot send without calling Upstox', async () => {
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order({ instrument: unmapped }))).resolves.toMatchObject({ kind: 'rejected', reason: expect.stringContaining('no Upstox instrument key') });
    await expect(adapter.placeOrder(order({ instrument: mixedUp, product: 'CARRYFORWARD', quantity: 75 }))).resolves.toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('another segment'),
    });
    await expect(adapter.placeOrder(order({ instrument: niftyCall, product: 'DELIVERY', quantity: 75 }))).resolves.toMatchObject({ kind: 'rejected' });
    await expect(adapter.placeOrder(order({ tag: 'too-long-and-dashed-tag' }))).resolves.toMatchObject({ kind: 'rejected' });
    expect(fake.totalCalls()).toBe(0);
  });

  it('reports an order accepted and then rejected by RMS as rejected, with the reason', async () => {
    fake.inject('place', { kind: 'accept-then-reject', reason: 'You need to add Rs. 15005.00 in your account to place this trade.' });
    const adapter = adapterFor();
    expect((await adapter.placeOrder(order())).kind).toBe('accepted');
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'validation pending' });
    expect((await adapter.orderBook())[0]).toMatchObject({
      status: 'rejected',
      brokerStatus: 'rejected',
      reason: 'You need to add Rs. 15005.00 in your account to place this trade.',
    });
  });

  it('refuses to modify an order Upstox does not know', async () => {
    await expect(adapterFor().modifyOrder({ brokerOrderId: '999', price: 1 })).rejects.toMatchObject({ kind: 'rejected' });
    expect(fake.callCount('modify')).toBe(0);
  });
});

describe('Upstox adapter: faults never duplicate an order', () => {
  it('429 on a read → waits as told and asks again (nothing changed), at most three attempts', async () => {
    const adapter = adapterFor();
    fake.inject('orders', { kind: 'rate-limit' });
    await expect(adapter.orderBook()).resolves.toEqual([]);
    expect(sleeps).toEqual([1_000]);
    expect(fake.callCount('orders')).toBe(2);

    for (let attempt = 0; attempt < 3; attempt += 1) fake.inject('positions', { kind: 'rate-limit' });
    await expect(adapter.positions()).rejects.toBeInstanceOf(BrokerRateLimitedError);
    expect(fake.callCount('positions')).toBe(3);
  });

  it('429 on place → RateLimited at once, sent once, never repeated, nothing placed', async () => {
    fake.inject('place', { kind: 'rate-limit' });
    await expect(adapterFor().placeOrder(order())).rejects.toBeInstanceOf(BrokerRateLimitedError);
    expect(fake.callCount('place')).toBe(1);
    expect(sleeps).toEqual([]);
    expect(fake.orders()).toHaveLength(0);
  });

  it('5xx on place → unknown, not retried; reconcile reports the order absent', async () => {
    fake.inject('place', { kind: 'server-error', status: 503 });
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    expect(fake.callCount('place')).toBe(1);
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toEqual({ kind: 'absent' });
  });

  it('5xx after the OMS recorded the order → unknown; reconcile finds it exactly once', async () => {
    fake.inject('place', { kind: 'server-error', status: 500, afterHandling: true });
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    const found = await adapter.reconcileByTag('TB00000000000001');
    expect(found).toMatchObject({ kind: 'found', order: { brokerOrderId: fake.orders()[0]?.order_id, status: 'completed' }, duplicates: [] });
    expect(fake.callCount('place')).toBe(1);
    expect(fake.orders()).toHaveLength(1);
  });

  it('record the order, then time out → unknown; reconcile finds it; never a second order', async () => {
    fake.inject('place', { kind: 'timeout', afterHandling: true });
    const adapter = adapterFor({ timeoutMs: 300 });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown', reason: expect.stringContaining('in time') });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toMatchObject({ kind: 'found', duplicates: [] });
    expect(fake.callCount('place')).toBe(1);
    expect(fake.orders()).toHaveLength(1);
  });

  it('a modify or cancel answered 5xx is ambiguous, and is not repeated', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ orderType: 'LIMIT', price: 1400 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    fake.inject('cancel', { kind: 'server-error', status: 502 });
    await expect(adapter.cancelOrder(placed.brokerOrderId)).rejects.toMatchObject({ kind: 'ambiguous' });
    expect(fake.callCount('cancel')).toBe(1);
  });

  it('a broker that cannot be reached is unavailable (nothing was sent), never unknown', async () => {
    await fake.stop();
    await expect(adapterFor().placeOrder(order())).rejects.toBeInstanceOf(BrokerUnavailableError);
    fake = await startUpstoxFake({ apiKey: API_KEY, apiSecret: API_SECRET, instruments: [] });
  });
});

describe('Upstox adapter: per-account order limiter', () => {
  it('lets 10 orders through, holds the 11th until the one-second window moves (two adapters, one account), drops none', async () => {
    let now = 0;
    const limiters = new LimiterRegistry(() => now);
    const one = adapterFor({ limiters, realLimits: true, accountKey: 'broker-account-7' });
    const two = adapterFor({ limiters, realLimits: true, accountKey: 'broker-account-7' });
    const outcomes = Array.from({ length: 11 }, (_, index) =>
      (index % 2 === 0 ? one : two).placeOrder(order({ tag: `TBL${String(index).padStart(4, '0')}` })),
    );
    let eleventhSettled = false;
    void outcomes[10]?.then(() => {
      eleventhSettled = true;
    });

    await Promise.all(outcomes.slice(0, 10));
    expect(fake.callCount('place')).toBe(10);
    expect(eleventhSettled).toBe(false);

    now += 1_000;
    await expect(outcomes[10]).resolves.toMatchObject({ kind: 'accepted' });
    expect(fake.orders().map((placed) => placed.tag)).toHaveLength(11);
  });
});

describe('Upstox account login (stored credentials, DynamoDB)', () => {
  afterEach(() => {
    delete process.env[BROKER_ENDPOINT_ENV.upstoxApi];
    delete process.env[BROKER_ENDPOINT_ENV.upstoxOrderApi];
  });

  async function upstoxAccount() {
    const who = await createTestUser();
    const owner = { frchId: who.user.frch_id, userId: who.user.user_id };
    const accountId = ulid();
    const sealed = await sealAccountSecrets(owner, accountId, { api_key: API_KEY, api_secret: API_SECRET });
    const account = await createBrokerAccount(newAccountFields(owner, accountId, 'upstox', 'available', { sealed_credentials: sealed }), null, clockNow());
    return { owner, account };
  }

  it('moves both hosts with one API override, and keeps them apart when both are set', () => {
    expect([upstoxApiBaseUrl(), upstoxOrderApiBaseUrl()]).toEqual(['https://api.upstox.com', 'https://api-hft.upstox.com']);
    process.env[BROKER_ENDPOINT_ENV.upstoxApi] = fake.apiUrl;
    expect(upstoxOrderApiBaseUrl()).toBe(fake.apiUrl);
    process.env[BROKER_ENDPOINT_ENV.upstoxOrderApi] = fake.orderUrl;
    expect([upstoxApiBaseUrl(), upstoxOrderApiBaseUrl()]).toEqual([fake.apiUrl, fake.orderUrl]);
  });

  it('sends the account to the dialog with its id as state, connects it with the code, and the stored session trades', async () => {
    process.env[BROKER_ENDPOINT_ENV.upstoxApi] = fake.apiUrl;
    process.env[BROKER_ENDPOINT_ENV.upstoxOrderApi] = fake.orderUrl;
    const { owner, account } = await upstoxAccount();
    const url = new URL(await upstoxLoginUrlFor(owner, account, REDIRECT_URI));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.apiUrl}/v2/login/authorization/dialog`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: API_KEY, redirect_uri: REDIRECT_URI, response_type: 'code', state: account.broker_id });

    const connected = await completeUpstoxLogin(owner, account.broker_id, fake.issueAuthCode(REDIRECT_URI), REDIRECT_URI, createLogger());
    expect(connected).toMatchObject({ status: 'connected', broker_user_id: 'UPX123' });
    expect(connected.session_valid_until).toMatch(/T22:00:00\.000Z$/);
    expect(await openSession(owner, connected)).toEqual({ access_token: fake.accessToken() });

    const stored = await upstoxSessionOf(owner, connected);
    if (!stored) throw new Error('expected a stored session');
    const adapter = new UpstoxAdapter({ session: stored, accountKey: connected.broker_id, endpoint: { baseUrl: upstoxApiBaseUrl() }, orderBaseUrl: upstoxOrderApiBaseUrl(), agents });
    await expect(adapter.funds()).resolves.toEqual({ available: 500_000, used: 0 });
    await expect(adapter.placeOrder(order({ tag: 'TBACCOUNT1' }))).resolves.toMatchObject({ kind: 'accepted' });
  });

  it('refuses a spent code with 422 and leaves the account as it was', async () => {
    process.env[BROKER_ENDPOINT_ENV.upstoxApi] = fake.apiUrl;
    const { owner, account } = await upstoxAccount();
    const code = fake.issueAuthCode(REDIRECT_URI);
    const other = await upstoxAccount();
    await completeUpstoxLogin(other.owner, other.account.broker_id, code, REDIRECT_URI, createLogger());
    await expect(completeUpstoxLogin(owner, account.broker_id, code, REDIRECT_URI, createLogger())).rejects.toMatchObject({ status: 422 });
    expect(await getBrokerAccount(owner, account.broker_id)).toEqual(account);
  });
});
