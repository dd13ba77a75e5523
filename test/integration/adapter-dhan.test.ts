import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/platform/clock';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { DhanAdapter } from '../../functions/broker-adapters/dhan/dhan-adapter';
import type { DhanRateClass } from '../../functions/broker-adapters/dhan/dhan-config';
import { loginDhan, renewDhanSession } from '../../functions/broker-adapters/dhan/dhan-login';
import type { DhanCredentials, DhanSession } from '../../functions/broker-adapters/dhan/dhan-session';
import { BrokerRateLimitedError, BrokerRejectedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../../functions/broker-adapters/http/broker-errors';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { perSecond, type RatePlan } from '../../functions/broker-adapters/http/rate-window';
import type { BrokerAlert } from '../../functions/broker-adapters/mapping/broker-alerts';
import type { Instrument } from '../../shared/domain/instruments';
import { startDhanFake, type DhanFake } from '../fakes/dhan-fake';

const CREDENTIALS: DhanCredentials = { clientId: '1100012345', pin: '246810', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const HOUR_MS = 3_600_000;

const tcs: Instrument = {
  script_id: 'NSE:TCS',
  exchange: 'NSE',
  trading_symbol: 'TCS',
  name: 'TATA CONSULTANCY SERV LT',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  /** As the Dhan master loader writes it: the SEM_SMST_SECURITY_ID under `dhan`. */
  broker_tokens: { dhan: '11536' },
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
  broker_tokens: { dhan: '49081' },
};
/** Dhan places by security id only: an instrument the Dhan master did not list cannot be addressed. */
const unmapped: Instrument = { ...tcs, script_id: 'NSE:INFY', trading_symbol: 'INFY', broker_tokens: { kite: '408065' } };

/** Generous limits so tests are not paced by the production budget (one test below checks the per-account limiter). */
const FAST_PLAN: RatePlan<DhanRateClass> = {
  order: [perSecond(100_000)],
  read: [perSecond(100_000)],
  quote: [perSecond(100_000)],
  login: [perSecond(100_000)],
};

let fake: DhanFake;
let agents: KeepAliveAgentPool;
let alerts: BrokerAlert[];
let sleeps: number[];
let session: DhanSession;

interface AdapterOverrides {
  readonly session?: DhanSession;
  readonly timeoutMs?: number;
  readonly clock?: () => number;
  readonly accountKey?: string;
  readonly limiters?: LimiterRegistry;
  readonly ratePlan?: RatePlan<DhanRateClass>;
}

function adapterFor(overrides: AdapterOverrides = {}) {
  return new DhanAdapter({
    session: overrides.session ?? session,
    endpoint: { baseUrl: fake.url, timeoutMs: overrides.timeoutMs ?? 2_000 },
    ratePlan: overrides.ratePlan ?? FAST_PLAN,
    limiters: overrides.limiters ?? new LimiterRegistry(),
    agents,
    alert: (alert) => alerts.push(alert),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...(overrides.accountKey ? { accountKey: overrides.accountKey } : {}),
    ...(overrides.clock ? { clock: overrides.clock } : {}),
  });
}

const loginOptions = (clock?: () => number) => ({
  endpoint: { baseUrl: fake.url },
  agents,
  ratePlan: FAST_PLAN,
  limiters: new LimiterRegistry(),
  ...(clock ? { clock } : {}),
});

const order = (change: Partial<OrderRequest> = {}): OrderRequest => ({
  instrument: tcs,
  action: 'BUY',
  orderType: 'MARKET',
  product: 'INTRADAY',
  quantity: 10,
  price: null,
  triggerPrice: null,
  tag: 'TB00000000000001',
  ...change,
});

const bodyOf = (route: string, index = 0): unknown =>
  JSON.parse(fake.server.calls.filter((call) => call.route === route)[index]?.request.body ?? 'null');

async function startFake(clock: { now?: () => number; tokenLifetimeMs?: number } = {}): Promise<DhanFake> {
  return startDhanFake({
    ...CREDENTIALS,
    instruments: [
      { exchangeSegment: 'NSE_EQ', securityId: '11536', tradingSymbol: 'TCS', lastPrice: 4520.5 },
      { exchangeSegment: 'NSE_FNO', securityId: '49081', tradingSymbol: 'NIFTY-Nov2025-24000-CE', lastPrice: 120.25 },
    ],
    availableCash: 500_000,
    ...clock,
  });
}

beforeEach(async () => {
  fake = await startFake();
  agents = new KeepAliveAgentPool();
  alerts = [];
  sleeps = [];
  session = { clientId: CREDENTIALS.clientId, accessToken: fake.seedSession(), validUntil: nowMs() + 3_600_000 };
});

afterEach(async () => {
  agents.destroyAll();
  await fake.stop();
});

describe('Dhan adapter: login and session', () => {
  it('logs in by the TOTP route; the token is used until Dhan’s expiryTime, read as IST', async () => {
    // Whole seconds, as Dhan's expiryTime has no milliseconds; a 6-hour token shows the expiry is read, not assumed.
    const loginAt = Math.floor(nowMs() / 1000) * 1000;
    await fake.stop();
    fake = await startFake({ now: () => loginAt, tokenLifetimeMs: 6 * HOUR_MS });
    const fresh = await loginDhan(CREDENTIALS, loginOptions(() => loginAt));
    expect(fresh.clientId).toBe(CREDENTIALS.clientId);
    expect(fresh.accessToken).toMatch(/^eyJ/);
    expect(fresh.validUntil).toBe(loginAt + 6 * HOUR_MS);
    const [call] = fake.server.calls;
    expect(call?.request.method).toBe('POST');
    expect(call?.request.path).toBe('/app/generateAccessToken');
    expect(Object.fromEntries(call?.request.query ?? [])).toEqual({ dhanClientId: '1100012345', pin: '246810', totp: expect.stringMatching(/^\d{6}$/) });
    expect(call?.request.headers['access-token']).toBeUndefined();
    await expect(adapterFor({ session: fresh }).orderBook()).resolves.toEqual([]);
  });

  it.each([
    ['a wrong PIN', { pin: '000000' }],
    ['a wrong TOTP secret', { totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' }],
    ['an unknown client id', { clientId: '1100099999' }],
  ])('fails the login on %s', async (_label, change) => {
    await expect(loginDhan({ ...CREDENTIALS, ...change }, loginOptions())).rejects.toMatchObject({ kind: 'session-expired', reason: 'login-failed' });
  });

  it('reports a login Dhan did not answer as unavailable, and does not repeat it', async () => {
    fake.inject('token', { kind: 'server-error', status: 503 });
    await expect(loginDhan(CREDENTIALS, loginOptions())).rejects.toBeInstanceOf(BrokerUnavailableError);
    expect(fake.server.callCount('token')).toBe(1);
  });

  it('renews a live token with RenewToken; the old token stops working', async () => {
    const renewed = await renewDhanSession(session, loginOptions());
    expect(renewed.accessToken).not.toBe(session.accessToken);
    expect(renewed.validUntil).toBeGreaterThan(nowMs());
    const call = fake.server.calls.find((candidate) => candidate.route === 'renew');
    expect(call?.request.headers).toMatchObject({ 'access-token': session.accessToken, dhanclientid: CREDENTIALS.clientId });
    await expect(adapterFor({ session: renewed }).funds()).resolves.toMatchObject({ available: 500_000 });
    await expect(adapterFor().funds()).rejects.toMatchObject({ kind: 'session-expired', reason: 'token-rejected' });
  });

  it('never believes an expiry past 24 hours', async () => {
    const loginAt = Math.floor(nowMs() / 1000) * 1000;
    await fake.stop();
    fake = await startFake({ now: () => loginAt, tokenLifetimeMs: 30 * HOUR_MS });
    await expect(loginDhan(CREDENTIALS, loginOptions(() => loginAt))).resolves.toMatchObject({ validUntil: loginAt + 24 * HOUR_MS });
  });

  it('cannot renew a dead token: only a new login helps', async () => {
    fake.expireTokens();
    await expect(renewDhanSession(session, loginOptions())).rejects.toMatchObject({ kind: 'session-expired', reason: 'refresh-failed' });
  });

  it('reports an expired or unknown token (DH-901) as an expired session, placing nothing', async () => {
    await expect(adapterFor({ session: { ...session, accessToken: 'eyJforged' } }).positions()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    fake.expireTokens();
    await expect(adapterFor().placeOrder(order())).rejects.toMatchObject({ kind: 'session-expired', reason: 'token-rejected' });
    expect(fake.orders()).toHaveLength(0);
  });

  it('refuses a session past its validity without calling Dhan', async () => {
    const adapter = adapterFor({ clock: () => session.validUntil });
    await expect(adapter.placeOrder(order())).rejects.toMatchObject({ kind: 'session-expired', reason: 'past-validity' });
    expect(fake.server.calls).toHaveLength(0);
  });
});

describe('Dhan adapter: placing, modifying, cancelling', () => {
  it('places a MARKET order as JSON with the documented fields and headers', async () => {
    const outcome = await adapterFor().placeOrder(order());
    expect(outcome).toEqual({ kind: 'accepted', brokerOrderId: fake.orders()[0]?.orderId });
    expect(bodyOf('place')).toEqual({
      dhanClientId: '1100012345',
      correlationId: 'TB00000000000001',
      transactionType: 'BUY',
      exchangeSegment: 'NSE_EQ',
      productType: 'INTRADAY',
      orderType: 'MARKET',
      validity: 'DAY',
      securityId: '11536',
      quantity: 10,
      disclosedQuantity: 0,
      price: 0,
      triggerPrice: 0,
      afterMarketOrder: false,
    });
    const call = fake.server.calls.find((candidate) => candidate.route === 'place');
    expect(call?.request.method).toBe('POST');
    expect(call?.request.path).toBe('/v2/orders');
    expect(call?.request.headers).toMatchObject({
      'access-token': session.accessToken,
      'client-id': '1100012345',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('places an F&O LIMIT order as MARGIN on NSE_FNO, modifies it with the whole ticket, then cancels it', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ instrument: niftyCall, orderType: 'LIMIT', product: 'CARRYFORWARD', quantity: 150, price: 110 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(bodyOf('place')).toMatchObject({ exchangeSegment: 'NSE_FNO', securityId: '49081', productType: 'MARGIN', orderType: 'LIMIT', price: 110, triggerPrice: 0 });

    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 112.5, quantity: 225 });
    const modify = fake.server.calls.find((call) => call.route === 'modify');
    expect(modify?.request.method).toBe('PUT');
    expect(modify?.request.path).toBe(`/v2/orders/${placed.brokerOrderId}`);
    expect(bodyOf('modify')).toEqual({
      dhanClientId: '1100012345',
      orderId: placed.brokerOrderId,
      orderType: 'LIMIT',
      quantity: 225,
      disclosedQuantity: 0,
      price: 112.5,
      triggerPrice: 0,
      validity: 'DAY',
    });
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'PENDING', quantity: 225, price: 112.5 });

    await adapter.cancelOrder(placed.brokerOrderId);
    const cancel = fake.server.calls.find((call) => call.route === 'cancel');
    expect(cancel?.request.method).toBe('DELETE');
    expect((await adapter.orderBook())[0]).toMatchObject({ brokerOrderId: placed.brokerOrderId, status: 'cancelled', tag: 'TB00000000000001' });
  });

  it('sends SL as STOP_LOSS with price and trigger price, and can turn it into a LIMIT order', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ orderType: 'SL', action: 'SELL', product: 'DELIVERY', price: 4490, triggerPrice: 4495 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    expect(bodyOf('place')).toMatchObject({ transactionType: 'SELL', productType: 'CNC', orderType: 'STOP_LOSS', price: 4490, triggerPrice: 4495 });
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', orderType: 'SL', price: 4490, triggerPrice: 4495 });

    await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, orderType: 'LIMIT' });
    expect(bodyOf('modify')).toMatchObject({ orderType: 'LIMIT', price: 4490, triggerPrice: 0, quantity: 10 });
    expect((await adapter.orderBook())[0]).toMatchObject({ orderType: 'LIMIT', price: 4490, triggerPrice: null });
  });

  it('sends the platform MARGIN product (equity MTF) as MTF', async () => {
    await adapterFor().placeOrder(order({ product: 'MARGIN', orderType: 'LIMIT', price: 4500 }));
    expect(bodyOf('place')).toMatchObject({ productType: 'MTF', orderType: 'LIMIT', price: 4500 });
  });
});

describe('Dhan adapter: reading the account', () => {
  it('normalises every field of an order-book row', async () => {
    const adapter = adapterFor();
    await adapter.placeOrder(order({ instrument: niftyCall, orderType: 'SL', product: 'INTRADAY', quantity: 75, price: 125, triggerPrice: 124 }));
    expect(await adapter.orderBook()).toEqual([
      {
        brokerOrderId: fake.orders()[0]?.orderId,
        tag: 'TB00000000000001',
        status: 'pending',
        brokerStatus: 'PENDING',
        reason: null,
        quantity: 75,
        filledQuantity: 0,
        averagePrice: null,
        tradingSymbol: 'NIFTY-Nov2025-24000-CE',
        exchange: 'NFO',
        token: '49081',
        action: 'BUY',
        orderType: 'SL',
        product: 'INTRADAY',
        price: 125,
        triggerPrice: 124,
        statusRecognised: true,
        expired: false,
      },
    ]);
  });

  it('reads the order book, net positions, fund limits and last prices', async () => {
    const adapter = adapterFor();
    await adapter.placeOrder(order({ quantity: 10 }));
    await adapter.placeOrder(order({ action: 'SELL', quantity: 4, tag: 'TB00000000000002' }));

    const book = await adapter.orderBook();
    expect(book.map((row) => [row.tag, row.status, row.filledQuantity, row.averagePrice])).toEqual([
      ['TB00000000000001', 'completed', 10, 4520.5],
      ['TB00000000000002', 'completed', 4, 4520.5],
    ]);

    expect(await adapter.positions()).toEqual([
      { tradingSymbol: 'TCS', exchange: 'NSE', product: 'INTRADAY', netQuantity: 6, averagePrice: 4520.5, lastPrice: 4520.5, realisedPnl: 0, unrealisedPnl: 0 },
    ]);
    expect(await adapter.funds()).toEqual({ available: 500_000 - 45_205, used: 45_205 });

    const prices = await adapter.ltp([tcs, niftyCall, unmapped]);
    expect(Object.fromEntries(prices)).toEqual({ 'NSE:TCS': 4520.5, 'NFO:NIFTY25NOV2524000CE': 120.25 });
    const ltpCall = fake.server.calls.find((call) => call.route === 'ltp');
    expect(JSON.parse(ltpCall?.request.body ?? '{}')).toEqual({ NSE_EQ: [11536], NSE_FNO: [49081] });
    expect(ltpCall?.request.headers['client-id']).toBe('1100012345');
    expect(alerts).toEqual([]);
  });

  it('asks nothing for instruments Dhan cannot address', async () => {
    await expect(adapterFor().ltp([unmapped])).resolves.toEqual(new Map());
    expect(fake.server.calls).toHaveLength(0);
  });

  it('reads Dhan’s statuses: part-traded and transit are pending, traded completed, expired cancelled with a reason', async () => {
    const adapter = adapterFor();
    fake.inject('place', {
      kind: 'accept-with-states',
      states: [{ orderStatus: 'TRANSIT' }, { orderStatus: 'PART_TRADED', filledQty: 4 }, { orderStatus: 'TRADED' }],
    });
    fake.inject('place', { kind: 'accept-with-states', states: [{ orderStatus: 'PENDING' }, { orderStatus: 'EXPIRED' }] });
    await adapter.placeOrder(order({ orderType: 'LIMIT', price: 4521 }));
    await adapter.placeOrder(order({ orderType: 'LIMIT', price: 4400, tag: 'TB00000000000002' }));

    const reads = [await adapter.orderBook(), await adapter.orderBook(), await adapter.orderBook()];
    expect(reads.map((book) => book.map((row) => [row.brokerStatus, row.status, row.filledQuantity]))).toEqual([
      [
        ['TRANSIT', 'pending', 0],
        ['PENDING', 'pending', 0],
      ],
      [
        ['PART_TRADED', 'pending', 4],
        ['EXPIRED', 'cancelled', 0],
      ],
      [
        ['TRADED', 'completed', 10],
        ['EXPIRED', 'cancelled', 0],
      ],
    ]);
    expect(reads[2]?.[1]).toMatchObject({ expired: true, reason: 'Expired at the end of the trading day' });
    expect(alerts).toEqual([]);
  });

  it('keeps an unknown status pending and raises an alert', async () => {
    fake.inject('place', { kind: 'accept-with-states', states: [{ orderStatus: 'HALTED' }] });
    const adapter = adapterFor();
    await adapter.placeOrder(order({ orderType: 'LIMIT', price: 4500 }));
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'HALTED', statusRecognised: false });
    expect(alerts).toEqual([{ broker: 'dhan', kind: 'unrecognised-status', value: 'HALTED', brokerOrderId: fake.orders()[0]?.orderId }]);
  });
});

describe('Dhan adapter: refusals', () => {
  it('returns Dhan’s message for an order error (DH-906) and an input error (DH-905)', async () => {
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order({ orderType: 'SL', action: 'SELL', price: 4500, triggerPrice: 4490 }))).resolves.toEqual({
      kind: 'rejected',
      reason: 'Trigger Price should be greater than Price',
    });
    await expect(adapter.placeOrder(order({ instrument: { ...tcs, broker_tokens: { dhan: '99999' } } }))).resolves.toEqual({
      kind: 'rejected',
      reason: 'Invalid SecurityId',
    });
    expect(fake.orders()).toHaveLength(0);
  });

  it('refuses what it cannot send without calling Dhan', async () => {
    const adapter = adapterFor();
    await expect(adapter.placeOrder(order({ instrument: unmapped }))).resolves.toMatchObject({ kind: 'rejected', reason: expect.stringContaining('no Dhan security id') });
    await expect(adapter.placeOrder(order({ tag: 'too-long-and-dashed-tag' }))).resolves.toMatchObject({ kind: 'rejected' });
    await expect(adapter.placeOrder(order({ instrument: niftyCall, product: 'CARRYFORWARD', quantity: 70 }))).resolves.toMatchObject({ kind: 'rejected' });
    expect(fake.server.calls).toHaveLength(0);
  });

  it('reports an order accepted and then rejected by RMS as rejected, with omsErrorDescription', async () => {
    fake.inject('place', { kind: 'accept-then-reject', reason: 'RMS:Margin Exceeds, Required:45205, Available:0' });
    const adapter = adapterFor();
    expect((await adapter.placeOrder(order())).kind).toBe('accepted');
    expect((await adapter.orderBook())[0]).toMatchObject({ status: 'pending', brokerStatus: 'TRANSIT' });
    expect((await adapter.orderBook())[0]).toMatchObject({
      status: 'rejected',
      brokerStatus: 'REJECTED',
      reason: 'RMS:Margin Exceeds, Required:45205, Available:0',
    });
  });

  it('refuses to modify an order that is not in the book, or one that already traded', async () => {
    const adapter = adapterFor();
    await expect(adapter.modifyOrder({ brokerOrderId: '999', price: 1 })).rejects.toBeInstanceOf(BrokerRejectedError);
    const traded = await adapter.placeOrder(order());
    if (traded.kind !== 'accepted') throw new Error(`expected accepted, got ${traded.kind}`);
    await expect(adapter.modifyOrder({ brokerOrderId: traded.brokerOrderId, quantity: 5 })).rejects.toMatchObject({ kind: 'rejected', brokerCode: 'DH-906' });
    await expect(adapter.cancelOrder(traded.brokerOrderId)).rejects.toMatchObject({ kind: 'rejected', brokerCode: 'DH-906' });
  });

  it('passes on Dhan’s refusal of a 26th modification', async () => {
    const adapter = adapterFor();
    const placed = await adapter.placeOrder(order({ orderType: 'LIMIT', price: 4400 }));
    if (placed.kind !== 'accepted') throw new Error(`expected accepted, got ${placed.kind}`);
    for (let step = 1; step <= 25; step += 1) await adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 4400 + step });
    await expect(adapter.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 4300 })).rejects.toMatchObject({ kind: 'rejected', brokerCode: 'DH-906' });
    expect(fake.orders()[0]?.price).toBe(4425);
  });
});

describe('Dhan adapter: faults never duplicate an order', () => {
  it('429 on a read → waits and asks again', async () => {
    fake.inject('orders', { kind: 'rate-limit' });
    await expect(adapterFor().orderBook()).resolves.toEqual([]);
    expect(fake.server.callCount('orders')).toBe(2);
    expect(sleeps).toEqual([1_000]);
  });

  it('429 on a read that persists → RateLimited after a bounded number of waits', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) fake.inject('positions', { kind: 'rate-limit' });
    await expect(adapterFor().positions()).rejects.toBeInstanceOf(BrokerRateLimitedError);
    expect(fake.server.callCount('positions')).toBe(3);
    expect(sleeps).toEqual([1_000, 1_000]);
  });

  it('429 on place → unknown, sent once and never repeated; reconcile settles it either way', async () => {
    const adapter = adapterFor();
    fake.inject('place', { kind: 'rate-limit' });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toEqual({ kind: 'absent' });

    fake.inject('place', { kind: 'rate-limit', afterHandling: true });
    await expect(adapter.placeOrder(order({ tag: 'TB00000000000002' }))).resolves.toMatchObject({ kind: 'unknown' });
    await expect(adapter.reconcileByTag('TB00000000000002')).resolves.toMatchObject({ kind: 'found', duplicates: [] });
    expect(fake.server.callCount('place')).toBe(2);
    expect(fake.orders()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('5xx on place → unknown, not retried; reconcile finds it once or reports it absent', async () => {
    const adapter = adapterFor();
    fake.inject('place', { kind: 'server-error', status: 502 });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown', reason: expect.stringContaining('DH-908') });
    await expect(adapter.reconcileByTag('TB00000000000001')).resolves.toEqual({ kind: 'absent' });

    fake.inject('place', { kind: 'server-error', status: 500, afterHandling: true });
    await expect(adapter.placeOrder(order({ tag: 'TB00000000000002' }))).resolves.toMatchObject({ kind: 'unknown' });
    const found = await adapter.reconcileByTag('TB00000000000002');
    expect(found).toMatchObject({ kind: 'found', order: { brokerOrderId: fake.orders()[0]?.orderId, status: 'completed' }, duplicates: [] });
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

  it('a connection reset is unknown for a write, and retried for a read; a 5xx read is retried', async () => {
    const adapter = adapterFor();
    fake.inject('place', { kind: 'reset' });
    await expect(adapter.placeOrder(order())).resolves.toMatchObject({ kind: 'unknown' });
    expect(fake.server.callCount('place')).toBe(1);
    fake.inject('orders', { kind: 'reset' });
    fake.inject('orders', { kind: 'server-error', status: 503 });
    await expect(adapter.orderBook()).resolves.toEqual([]);
    expect(fake.server.callCount('orders')).toBe(3);
  });

  it('a broker that cannot be reached is unavailable (nothing was sent), never unknown', async () => {
    await fake.stop();
    await expect(adapterFor().placeOrder(order())).rejects.toBeInstanceOf(BrokerUnavailableError);
    fake = await startFake();
  });
});

describe('Dhan adapter: per-account limits', () => {
  it('two adapters of one account share its order budget; another account is not held up', async () => {
    let now = 1_000_000;
    const limiters = new LimiterRegistry(() => now);
    const ratePlan = { ...FAST_PLAN, order: [perSecond(2)] };
    const first = adapterFor({ accountKey: 'account-1', limiters, ratePlan });
    const second = adapterFor({ accountKey: 'account-1', limiters, ratePlan });
    const other = adapterFor({ accountKey: 'account-2', limiters, ratePlan });
    const tagsAtDhan = () => fake.orders().map((placed) => placed.correlationId);

    const one = first.placeOrder(order({ tag: 'TBL1' }));
    const two = second.placeOrder(order({ tag: 'TBL2' }));
    const three = first.placeOrder(order({ tag: 'TBL3' }));
    await expect(Promise.all([one, two])).resolves.toMatchObject([{ kind: 'accepted' }, { kind: 'accepted' }]);
    expect(tagsAtDhan()).toEqual(['TBL1', 'TBL2']);

    await expect(other.placeOrder(order({ tag: 'TBL4' }))).resolves.toMatchObject({ kind: 'accepted' });
    expect(tagsAtDhan()).toEqual(['TBL1', 'TBL2', 'TBL4']);

    // The third order of account-1 waits (it is not dropped) until the one-second window moves on.
    now += 1_000;
    await expect(three).resolves.toMatchObject({ kind: 'accepted' });
    expect(tagsAtDhan()).toEqual(['TBL1', 'TBL2', 'TBL4', 'TBL3']);
  });
});

describe('Dhan adapter: keep-alive', () => {
  it('sends 1,000 orders over at most 10 TCP connections', async () => {
    const adapter = adapterFor({ timeoutMs: 10_000 });
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => adapter.placeOrder(order({ tag: `TBD${String(index).padStart(6, '0')}` }))),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'accepted')).toBe(true);
    expect(fake.orders()).toHaveLength(1000);
    const connections = fake.server.connectionsOpened();
    console.info(`[dhan] 1,000 orders used ${connections} TCP connection(s)`);
    expect(connections).toBeLessThanOrEqual(10);
  });
});
