import { createHash, randomBytes } from 'node:crypto';
import { now as clockNow, nowMs } from '../../functions/platform/clock';
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newAccountFields } from '../../functions/broker-accounts/accounts/new-account';
import { sealAccountSecrets, openSession } from '../../functions/broker-accounts/sessions/account-secrets';
import {
  completeFyersLogin,
  fyersLoginUrlFor,
  fyersSessionOf,
  refreshFyersAccount,
  usableFyersSessionOf,
} from '../../functions/broker-accounts/sessions/fyers-session';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { FyersAdapter } from '../../functions/broker-adapters/fyers/fyers-adapter';
import type { FyersRateClass } from '../../functions/broker-adapters/fyers/fyers-config';
import { exchangeFyersAuthCode, fyersLoginUrl, refreshFyersSession } from '../../functions/broker-adapters/fyers/fyers-login';
import type { FyersSession } from '../../functions/broker-adapters/fyers/fyers-session';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { BrokerRateLimitedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../../functions/broker-adapters/http/broker-errors';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { perSecond, type RateWindow } from '../../functions/broker-adapters/http/rate-window';
import type { BrokerAlert } from '../../functions/broker-adapters/mapping/broker-alerts';
import { createBrokerAccount, getBrokerAccount, type BrokerAccountItem } from '../../functions/data/broker-accounts-repository';
import { BusinessRuleError } from '../../functions/platform/errors';
import { createLogger } from '../../functions/platform/logger';
import type { Instrument } from '../../shared/domain/instruments';
import { startFyersFake, type FyersFake } from '../fakes/fyers-fake';
import { createTestUser } from '../support/users';

process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const APP_ID = 'FAKEAPP01-100';
const APP_SECRET = 'fyersFakeSecret42';
const PIN = '4321';
const FY_ID = 'FY1234';
const SEEDED_TOKEN = 'seededaccesstoken';
/** Computed here, independently of the adapter: SHA-256 hex of `<app_id>:<app_secret>` (§5.1). */
const APP_ID_HASH = createHash('sha256').update(`${APP_ID}:${APP_SECRET}`).digest('hex');

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
  /** As the Fyers market loader writes it: the symbol ticker, which is also what Fyers orders name. */
  broker_tokens: { fyers: 'NSE:SBIN-EQ' },
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
  broker_tokens: { fyers: 'NSE:NIFTY25NOV24000CE' },
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
  broker_tokens: { fyers: 'MCX:CRUDEOIL25NOVFUT' },
};
/** Fyers is never sent a guessed symbol: an instrument without the master's ticker is not addressable. */
const unmapped: Instrument = { ...sbin, script_id: 'NSE:TCS', trading_symbol: 'TCS', broker_tokens: {} };
/** A ticker the master kept but Fyers does not know (delisted since the master was loaded). */
const delisted: Instrument = { ...sbin, script_id: 'NSE:GONE', trading_symbol: 'GONE', broker_tokens: { fyers: 'NSE:GONE-EQ' } };

const FAST_PLAN: Record<FyersRateClass, RateWindow[]> = { api: [perSecond(100_000)] };

let fake: FyersFake;
let agents: KeepAliveAgentPool;
let alerts: BrokerAlert[];
let sleeps: number[];
let session: FyersSession;

interface AdapterOverrides {
  readonly session?: FyersSession;
  readonly timeoutMs?: number;
  readonly clock?: () => number;
  readonly accountKey?: string;
  readonly limiters?: LimiterRegistry;
  readonly ratePlan?: Record<FyersRateClass, RateWindow[]>;
}

function adapterFor(overrides: AdapterOverrides = {}) {
  return new FyersAdapter({
    session: overrides.session ?? session,
    endpoint: { baseUrl: fake.url, timeoutMs: overrides.timeoutMs ?? 2_000 },
    ratePlan: overrides.ratePlan ?? FAST_PLAN,
    limiters: overrides.limiters ?? new LimiterRegistry(),
    agents,
    alert: (alert) => alerts.push(alert),
    // The wait after a 429 is recorded, not slept: what is checked is that the adapter waits, not for how long it took.
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...(overrides.accountKey ? { accountKey: overrides.accountKey } : {}),
    ...(overrides.clock ? { clock: overrides.clock } : {}),
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

const bodyOf = (call: string, index = 0): unknown => JSON.parse(fake.server.calls.filter((entry) => entry.route === call)[index]?.request.body ?? 'null');
const loginOptions = () => ({ endpoint: { baseUrl: fake.url }, agents, limiters: new LimiterRegistry(), ratePlan: FAST_PLAN });

beforeEach(async () => {
  fake = await startFyersFake({
    appId: APP_ID,
    appSecret: APP_SECRET,
    pin: PIN,
    fyId: FY_ID,
    accessToken: SEEDED_TOKEN,
    instruments: [
      { symbol: 'NSE:SBIN-EQ', fyToken: '10100000003045', exchange: 10, segment: 10, lotSize: 1, lastPrice: 801.35 },
      { symbol: 'NSE:NIFTY25NOV24000CE', fyToken: '1011251125043210', exchange: 10, segment: 11, lotSize: 75, lastPrice: 120.25 },
      { symbol: 'MCX:CRUDEOIL25NOVFUT', fyToken: '1120251119123456', exchange: 11, segment: 20, lotSize: 100, lastPrice: 5400 },
    ],
    availableCash: 500_000,
  });
  process.env[BROKER_ENDPOINT_ENV.fyersApi] = fake.url;
  agents = new KeepAliveAgentPool();
  alerts = [];
  sleeps = [];
  session = { appId: APP_ID, accessToken: SEEDED_TOKEN, userId: FY_ID, validUntil: nowMs() + 3_600_000 };
});

afterEach(async () => {
  agents.destroyAll();
  await fake.stop();
});

describe('Fyers adapter: login and session', () => {
  it('sends the user to generate-authcode with the app id, the registered redirect URI and the account as state', () => {
    const url = new URL(fyersLoginUrl(APP_ID, 'https://app.example.test/platform/dematconnected', '01JACCOUNT', fake.url));
    expect(url.origin + url.pathname).toBe(`${fake.url}/api/v3/generate-authcode`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: APP_ID,
      redirect_uri: 'https://app.example.test/platform/dematconnected',
      response_type: 'code',
      state: '01JACCOUNT',
    });
  });

  it('exchanges an auth code with appIdHash for tokens, reads the client id, and the session works', async () => {
    const authCode = fake.issueAuthCode();
    const grant = await exchangeFyersAuthCode({ appId: APP_ID, appSecret: APP_SECRET, authCode }, loginOptions());
    expect(bodyOf('validate-authcode')).toEqual({ grant_type: 'authorization_code', appIdHash: APP_ID_HASH, code: authCode });
    expect(fake.server.calls[0]?.request.headers['content-type']).toBe('application/json');
    expect(grant.session).toMatchObject({ appId: APP_ID, accessToken: fake.accessToken(), userId: FY_ID });
    // The token's own JWT `exp` (06:00 IST next day at the fake, as in the docs' sample) and the 15-day refresh token.
    expect(grant.session.validUntil).toBeGreaterThan(nowMs());
    expect(grant.session.validUntil).toBeLessThanOrEqual(nowMs() + 86_400_000);
    expect(grant.refreshValidUntil).toBeGreaterThan(nowMs() + 14 * 86_400_000);
    await expect(adapterFor({ session: grant.session }).orderBook()).resolves.toEqual([]);
  });

  it('fails the login on a wrong secret or a reused auth code', async () => {
    const authCode = fake.issueAuthCode();
    const exchange = (appSecret: string) => exchangeFyersAuthCode({ appId: APP_ID, appSecret, authCode }, loginOptions());
    await expect(exchange('wrongSecret99')).rejects.toMatchObject({ kind: 'session-expired', reason: 'login-failed' });
    await exchange(APP_SECRET);
    await expect(exchange(APP_SECRET)).rejects.toMatchObject({ kind: 'session-expired', reason: 'login-failed' });
  });

  it('renews the access token with the refresh token and PIN; a wrong PIN or a dead refresh token fails the refresh', async () => {
    const grant = await exchangeFyersAuthCode({ appId: APP_ID, appSecret: APP_SECRET, authCode: fake.issueAuthCode() }, loginOptions());
    const refresh = { appId: APP_ID, appSecret: APP_SECRET, pin: PIN, refreshToken: grant.refreshToken, userId: FY_ID };
    const renewed = await refreshFyersSession(refresh, loginOptions());
    expect(bodyOf('refresh')).toEqual({ grant_type: 'refresh_token', appIdHash: APP_ID_HASH, refresh_token: grant.refreshToken, pin: PIN });
    expect(renewed.accessToken).toBe(fake.accessToken());
    expect(renewed.accessToken).not.toBe(grant.session.accessToken);
    await expect(adapterFor({ session: renewed }).funds()).resolves.toMatchObject({ available: 500_000 });

    await expect(refreshFyersSession({ ...refresh, pin: '0000' }, loginOptions())).rejects.toMatchObject({ reason: 'refresh-failed' });
    fake.expireRefreshToken();
    await expect(refreshFyersSession(refresh, loginOptions())).rejects.toMatchObject({ reason: 'refresh-failed' });
  });

  it.each([
    ['an unknown token (−15)', () => ({ ...session, accessToken: 'forged' })],
    ['an expired token (−8)', () => (fake.expireAccessToken(), session)],
    ['a logged-out token (−16)', () => (fake.invalidateSession(), session)],
  ])('reports %s as an expired session, placing nothing', async (_label, sessionNow) => {
    const adapter = adapterFor({ session: sessionNow() });
    await expect(adapter.placeOrder(order())).rejects.toMatchObject({ kind: 'session-expired', reason: 'token-rejected' });
    await expect(adapter.positions()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    expect(fake.orders()).toHaveLength(0);
  });

  it('refuses a session past its validity without calling Fyers', async () => {
    const adapter = adapterFor({ clock: () => session.validUntil + 1 });
    await expect(adapter.placeOrder(order())).rejects.toMatchObject({ kind: 'session-expired', reason: 'past-validity' });
    expect(fake.server.calls).toHaveLength(0);
  });
});

describe('Fyers adapter: placing, modifying and cancelling', () => {
  it('places a MARKET order as JSON with numeric codes, zero prices, the tag and the app-id header', async () => {
    const outcome = await adapterFor().placeOrder(order());
    expect(outcome).toEqual({ kind: 'accepted', brokerOrderId: fake.orders()[0]?.id });
    expect(bodyOf('place')).toEqual({
      symbol: 'NSE:SBIN-EQ',
      qty: 10,
      type: 2,
      side: 1,
      productType: 'INTRADAY',
      limitPrice: 0,
      stopPrice: 0,
      validity: 'DAY',
      disclosedQty: 0,
      offlineOrder: false,
      stopLoss: 0,
      takeProfit: 0,
      orderTag: 'TB00000000000001',
      isSliceOrder: false,
    });
    const [call] = fake.server.calls;
    expect(call?.request.method).toBe('POST');
    expect(call?.request.headers).toMatchObject({ authorization: `${APP_ID}:${SEEDED_TOKEN}`, 'content-type': 'application/json' });
  });

  it('places an F&O LIMIT order as MARGIN, modifies it with PATCH (type from the book) and cancels it with DELETE', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(
      order({ instrument: niftyCall, orderType: 'LIMIT', product: 'CARRYFORWARD', quantity: 75, price: 110, tag: 'TB00000000000002' }),
    );
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(bodyOf('place')).toMatchObject({ symbol: 'NSE:NIFTY25NOV24000CE', type: 1, productType: 'MARGIN', limitPrice: 110, stopPrice: 0, qty: 75 });

    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 112.5, quantity: 150 });
    expect(fake.server.calls.find((call) => call.route === 'orders')?.request.query.get('id')).toBe(placed.brokerOrderId);
    expect(fake.server.calls.find((call) => call.route === 'modify')?.request.method).toBe('PATCH');
    expect(bodyOf('modify')).toEqual({ id: placed.brokerOrderId, type: 1, qty: 150, limitPrice: 112.5 });
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: '6', quantity: 150, price: 112.5 });

    await adapter.cancelOrder(placed.brokerOrderId);
    expect(bodyOf('cancel')).toEqual({ id: placed.brokerOrderId });
    expect((await adapter.orderBook())[0]).toMatchObject({ brokerOrderId: placed.brokerOrderId, status: 'cancelled', brokerStatus: '1', tag: 'TB00000000000002' });
  });

  it('sends SL as stop-limit (type 4) with both prices, and a change of type clears the price it no longer uses', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ orderType: 'SL', action: 'SELL', price: 790, triggerPrice: 795 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(bodyOf('place')).toMatchObject({ type: 4, side: -1, limitPrice: 790, stopPrice: 795 });
    expect((await adapter.orderBook())[0]).toMatchObject({ orderType: 'SL', action: 'SELL', price: 790, triggerPrice: 795 });

    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, orderType: 'LIMIT', price: 805 });
    expect(bodyOf('modify')).toEqual({ id: placed.brokerOrderId, type: 1, limitPrice: 805, stopPrice: 0 });
    expect(fake.server.callCount('orders')).toBe(1);
    expect((await adapter.orderBook())[0]).toMatchObject({ orderType: 'LIMIT', price: 805, triggerPrice: null });
  });

  it('returns Fyers’ reason when it rejects the order (−99), and its message for an unknown symbol (−300)', async () => {
    fake.inject('place', { kind: 'reject', reason: 'RMS:Margin Shortfall, Required:8013.5, Available:0' });
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order())).resolves.toEqual({ kind: 'rejected', reason: 'RMS:Margin Shortfall, Required:8013.5, Available:0' });
    await expect(adapter.placeOrder(order({ instrument: delisted, tag: 'TB00000000000002' }))).resolves.toEqual({ kind: 'rejected', reason: 'Invalid symbol' });
  });

  it('refuses what it cannot send without calling Fyers', async () => {
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order({ instrument: unmapped }))).resolves.toMatchObject({ kind: 'rejected', reason: expect.stringContaining('no Fyers symbol') });
    await expect(adapter.placeOrder(order({ instrument: niftyCall, product: 'DELIVERY', quantity: 75 }))).resolves.toMatchObject({ kind: 'rejected' });
    await expect(adapter.placeOrder(order({ instrument: niftyCall, quantity: 70 }))).resolves.toMatchObject({ kind: 'rejected' });
    await expect(adapter.placeOrder(order({ tag: 'not-alphanumeric' }))).resolves.toMatchObject({ kind: 'rejected' });
    expect(fake.server.calls).toHaveLength(0);
  });

  it('refuses to modify or cancel an order Fyers does not know (−51)', async () => {
    const adapter = adapterFor();
    await expect(adapter.modifyOrder({ brokerOrderId: '999', price: 1 })).rejects.toMatchObject({ kind: 'rejected', brokerCode: '-51' });
    await expect(adapter.cancelOrder('999')).rejects.toMatchObject({ kind: 'rejected', message: 'Invalid order id' });
  });
});

describe('Fyers adapter: books, funds and prices', () => {
  it('reads order-book rows into every BrokerOrder field, the tag without Fyers’ `1:` prefix', async () => {
    const adapter = adapterFor();
    await adapter.placeOrder(order());
    const [row] = await adapter.orderBook();
    expect(row).toEqual({
      brokerOrderId: fake.orders()[0]?.id,
      tag: 'TB00000000000001',
      status: 'completed',
      brokerStatus: '2',
      reason: null,
      quantity: 10,
      filledQuantity: 10,
      averagePrice: 801.35,
      tradingSymbol: 'NSE:SBIN-EQ',
      exchange: 'NSE',
      token: 'NSE:SBIN-EQ',
      action: 'BUY',
      orderType: 'MARKET',
      product: 'INTRADAY',
      price: null,
      triggerPrice: null,
      statusRecognised: true,
      expired: false,
    });
  });

  it('normalises every Fyers status code; an unknown code reads as pending and raises an alert', async () => {
    const adapter = adapterFor();
    const codes = [1, 2, 4, 5, 6, 7, 3];
    for (const [index] of codes.entries()) {
      await adapter.placeOrder(order({ orderType: 'LIMIT', price: 790, tag: `TBS${index}` }));
    }
    codes.forEach((code, index) => fake.setOrderStatus(fake.orders()[index]?.id ?? '', code, code === 5 ? 'RMS: Insufficient funds' : ''));
    const book = await adapter.orderBook();
    expect(book.map((row) => [row.brokerStatus, row.status, row.reason])).toEqual([
      ['1', 'cancelled', null],
      ['2', 'completed', null],
      ['4', 'pending', null],
      ['5', 'rejected', 'RMS: Insufficient funds'],
      ['6', 'pending', null],
      ['7', 'cancelled', 'Expired at the end of the trading day'],
      ['3', 'pending', null],
    ]);
    expect(book.at(-1)).toMatchObject({ statusRecognised: false });
    expect(alerts).toEqual([{ broker: 'fyers', kind: 'unrecognised-status', value: '3', brokerOrderId: fake.orders()[6]?.id }]);
  });

  it('reads net positions (platform exchange from symbol and segment), funds from the ledger, and last prices', async () => {
    const adapter = adapterFor();
    await adapter.placeOrder(order({ quantity: 10 }));
    await adapter.placeOrder(order({ action: 'SELL', quantity: 4, tag: 'TB00000000000002' }));
    await adapter.placeOrder(order({ instrument: niftyCall, product: 'CARRYFORWARD', quantity: 75, tag: 'TB00000000000003' }));
    await adapter.placeOrder(order({ instrument: crudeFuture, product: 'INTRADAY', quantity: 100, action: 'SELL', tag: 'TB00000000000004' }));

    const positions = await adapter.positions();
    expect(positions).toEqual([
      { tradingSymbol: 'NSE:SBIN-EQ', exchange: 'NSE', product: 'INTRADAY', netQuantity: 6, averagePrice: expect.closeTo(801.35, 6), lastPrice: 801.35, realisedPnl: 0, unrealisedPnl: expect.closeTo(0, 6) },
      { tradingSymbol: 'NSE:NIFTY25NOV24000CE', exchange: 'NFO', product: 'CARRYFORWARD', netQuantity: 75, averagePrice: 120.25, lastPrice: 120.25, realisedPnl: 0, unrealisedPnl: 0 },
      { tradingSymbol: 'MCX:CRUDEOIL25NOVFUT', exchange: 'MCX', product: 'INTRADAY', netQuantity: -100, averagePrice: 5400, lastPrice: 5400, realisedPnl: 0, unrealisedPnl: 0 },
    ]);

    const used = 10 * 801.35 + 75 * 120.25;
    const funds = await adapter.funds();
    expect(funds.used).toBeCloseTo(used, 6);
    expect(funds.available).toBeCloseTo(500_000 - used, 6);

    const prices = await adapter.ltp([sbin, niftyCall, crudeFuture, delisted, unmapped]);
    expect(Object.fromEntries(prices)).toEqual({ 'NSE:SBIN': 801.35, 'NFO:NIFTY25NOV2524000CE': 120.25, 'MCX:CRUDEOIL25NOV19FUT': 5400 });
    expect(fake.server.calls.at(-1)?.request.query.get('symbols')).toBe('NSE:SBIN-EQ,NSE:NIFTY25NOV24000CE,MCX:CRUDEOIL25NOVFUT,NSE:GONE-EQ');
    expect(alerts).toEqual([]);
  });

  it('reports an order accepted and then rejected by RMS as rejected, with the reason', async () => {
    fake.inject('place', { kind: 'accept-then-reject', reason: 'RMS:Margin Exceeds, Required:8013.5, Available:0' });
    const adapter = adapterFor();
    expect((await adapter.placeOrder(order())).kind).toBe('accepted');
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: '4', reason: null });
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'rejected', brokerStatus: '5', reason: 'RMS:Margin Exceeds, Required:8013.5, Available:0' });
  });
});

describe('Fyers adapter: faults never duplicate an order', () => {
  it('429 on a read → waits, then asks again once', async () => {
    fake.inject('orders', { kind: 'rate-limit' });
    await expect(adapterFor().orderBook()).resolves.toEqual([]);
    expect(fake.server.callCount('orders')).toBe(2);
    expect(sleeps).toEqual([1_000]);
  });

  it('429 on a read that persists → RateLimited after one retry', async () => {
    fake.inject('funds', { kind: 'rate-limit' });
    fake.inject('funds', { kind: 'rate-limit' });
    await expect(adapterFor().funds()).rejects.toBeInstanceOf(BrokerRateLimitedError);
    expect(fake.server.callCount('funds')).toBe(2);
  });

  it('429 on place → RateLimited, sent once, never repeated, nothing placed', async () => {
    fake.inject('place', { kind: 'rate-limit' });
    await expect(adapterFor().placeOrder(order())).rejects.toBeInstanceOf(BrokerRateLimitedError);
    expect(fake.server.callCount('place')).toBe(1);
    expect(sleeps).toEqual([]);
    expect(fake.orders()).toHaveLength(0);
  });

  it('5xx on place → unknown, not retried; reconcile reports it absent, or finds it exactly once', async () => {
    const adapter = adapterFor();
    fake.inject('place', { kind: 'server-error', status: 503 });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toEqual({ kind: 'absent' });

    fake.inject('place', { kind: 'server-error', status: 500, afterHandling: true });
    await expect(adapter.placeOrder(order({ tag: 'TB00000000000002' }))).resolves.toMatchObject({ kind: 'unknown' });
    const found = await adapter.reconcileByTag('TB00000000000002');
    expect(found).toMatchObject({ kind: 'found', order: { brokerOrderId: fake.orders()[0]?.id, status: 'completed' }, duplicates: [] });
    expect(fake.server.callCount('place')).toBe(2);
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

  it('code 201 (sent on, not acknowledged) → unknown; the order book settles it either way', async () => {
    const adapter = adapterFor();
    fake.inject('place', { kind: 'no-acknowledgement', recorded: true });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown', reason: expect.stringContaining('acknowledgement') });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toMatchObject({ kind: 'found', order: { status: 'completed' }, duplicates: [] });

    fake.inject('place', { kind: 'no-acknowledgement', recorded: false });
    await expect(adapter.placeOrder(order({ tag: 'TB00000000000002' }))).resolves.toMatchObject({ kind: 'unknown' });
    await expect(adapter.reconcileByTag('TB00000000000002')).resolves.toEqual({ kind: 'absent' });
    expect(fake.server.callCount('place')).toBe(2);
    expect(fake.orders()).toHaveLength(1);
  });

  it('a broker that cannot be reached is unavailable (nothing was sent), never unknown', async () => {
    await fake.stop();
    await expect(adapterFor().placeOrder(order())).rejects.toBeInstanceOf(BrokerUnavailableError);
    fake = await startFyersFake({ appId: APP_ID, appSecret: APP_SECRET, pin: PIN, instruments: [] });
  });
});

describe('Fyers adapter: per-account limiter', () => {
  it('holds an account’s order beyond its budget (shared by two adapters of the account) while another account trades', async () => {
    let now = 1_000_000;
    const limiters = new LimiterRegistry(() => now);
    const twoPerSecond = { ratePlan: { api: [perSecond(2)] }, limiters };
    const accountA = adapterFor({ ...twoPerSecond, accountKey: 'ACCOUNT-A' });
    const accountAAgain = adapterFor({ ...twoPerSecond, accountKey: 'ACCOUNT-A' });
    const accountB = adapterFor({ ...twoPerSecond, accountKey: 'ACCOUNT-B' });

    await accountA.placeOrder(order({ tag: 'TBA1' }));
    await accountA.placeOrder(order({ tag: 'TBA2' }));
    const held = accountAAgain.placeOrder(order({ tag: 'TBA3' }));
    await expect(accountB.placeOrder(order({ tag: 'TBB1' }))).resolves.toMatchObject({ kind: 'accepted' });
    expect(fake.orders().map((placed) => placed.orderTag)).toEqual(['TBA1', 'TBA2', 'TBB1']);

    // The limiter's clock moves on a second: the held order goes out, waited for and not dropped.
    now += 1_000;
    await expect(held).resolves.toMatchObject({ kind: 'accepted' });
    expect(fake.orders().map((placed) => placed.orderTag)).toEqual(['TBA1', 'TBA2', 'TBB1', 'TBA3']);
  });
});

describe('Fyers account sessions (stored sealed, renewed with the refresh token)', () => {
  const log = createLogger();
  const REDIRECT_URI = 'https://app.example.test/platform/dematconnected';

  async function fyersAccount(credentials = { app_id: APP_ID, app_secret: APP_SECRET, pin: PIN }) {
    const { user } = await createTestUser();
    const owner = { frchId: user.frch_id, userId: user.user_id };
    const now = clockNow();
    const accountId = ulid(now.getTime());
    const sealed = await sealAccountSecrets(owner, accountId, credentials);
    const account = await createBrokerAccount(newAccountFields(owner, accountId, 'fyers', 'available', { sealed_credentials: sealed }), null, now);
    return { owner, account };
  }

  const storedText = (account: BrokerAccountItem | null) => JSON.stringify(account);

  it('links to the Fyers login with the account as state, and the returned auth code connects the account', async () => {
    const { owner, account } = await fyersAccount();
    const url = new URL(await fyersLoginUrlFor(owner, account, REDIRECT_URI));
    expect(url.searchParams.get('client_id')).toBe(APP_ID);
    expect(url.searchParams.get('state')).toBe(account.broker_id);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);

    const connected = await completeFyersLogin(owner, account.broker_id, fake.issueAuthCode(), log);
    expect(connected).toMatchObject({ status: 'connected', broker_user_id: FY_ID });
    // The account stays usable while the refresh token can renew it: 15 days from the login.
    expect(Date.parse(connected.session_valid_until ?? '')).toBeGreaterThan(nowMs() + 14 * 86_400_000);

    const stored = await fyersSessionOf(owner, connected);
    expect(stored).toMatchObject({ appId: APP_ID, accessToken: fake.accessToken(), userId: FY_ID });
    await expect(adapterFor({ session: stored ?? session }).funds()).resolves.toMatchObject({ available: 500_000 });
    const text = storedText(await getBrokerAccount(owner, account.broker_id));
    for (const secret of [fake.accessToken(), APP_SECRET, `"${PIN}"`]) expect(text).not.toContain(secret);
  });

  it('a refused auth code is the user’s to fix (422) and leaves the account waiting for a login', async () => {
    const { owner, account } = await fyersAccount({ app_id: APP_ID, app_secret: 'notTheSecret1', pin: PIN });
    await expect(completeFyersLogin(owner, account.broker_id, fake.issueAuthCode(), log)).rejects.toBeInstanceOf(BusinessRuleError);
    expect(await getBrokerAccount(owner, account.broker_id)).toMatchObject({ status: 'available', session_valid_until: null });
  });

  it('renews a lapsed access token with the refresh token and PIN, and gives up once Fyers refuses or the refresh token has ended', async () => {
    const { owner, account } = await fyersAccount();
    const connected = await completeFyersLogin(owner, account.broker_id, fake.issueAuthCode(), log);
    const firstToken = fake.accessToken();
    const firstSession = await fyersSessionOf(owner, connected);
    const afterAccessEnd = new Date((firstSession?.validUntil ?? 0) + 60_000);

    const usable = await usableFyersSessionOf(owner, connected, log, afterAccessEnd);
    expect(usable?.session.accessToken).toBe(fake.accessToken());
    expect(usable?.session.accessToken).not.toBe(firstToken);
    expect(bodyOf('refresh')).toMatchObject({ grant_type: 'refresh_token', appIdHash: APP_ID_HASH, pin: PIN });
    expect(usable?.account.session_valid_until).toBe(connected.session_valid_until);
    expect((await openSession(owner, usable?.account ?? connected))?.access_token).toBe(fake.accessToken());
    await expect(adapterFor({ session: usable?.session ?? session }).orderBook()).resolves.toEqual([]);

    fake.expireRefreshToken();
    await expect(usableFyersSessionOf(owner, usable?.account ?? connected, log, afterAccessEnd)).resolves.toBeNull();
    const refreshCalls = fake.server.callCount('refresh');
    const afterRefreshEnd = new Date(Date.parse(connected.session_valid_until ?? '') + 1);
    await expect(refreshFyersAccount(owner, usable?.account ?? connected, log, afterRefreshEnd)).resolves.toBeNull();
    expect(fake.server.callCount('refresh')).toBe(refreshCalls);
  });
});
