import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AngelAdapter } from '../../functions/broker-adapters/angelone/angel-adapter';
import type { BrokerAdapter, OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { DhanAdapter } from '../../functions/broker-adapters/dhan/dhan-adapter';
import { FyersAdapter } from '../../functions/broker-adapters/fyers/fyers-adapter';
import { BrokerRejectedError, BrokerSessionExpiredError } from '../../functions/broker-adapters/http/broker-errors';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { perSecond } from '../../functions/broker-adapters/http/rate-window';
import { UpstoxAdapter } from '../../functions/broker-adapters/upstox/upstox-adapter';
import { KiteAdapter } from '../../functions/broker-adapters/zerodha/kite-adapter';
import { nowMs } from '../../functions/platform/clock';
import type { Instrument } from '../../shared/domain/instruments';
import type { BrokerFakeServer } from '../fakes/broker-fake-server';
import { startAngelFake, type AngelFake } from '../fakes/angel-fake';
import { startDhanFake, type DhanFake } from '../fakes/dhan-fake';
import { startFyersFake, type FyersFake } from '../fakes/fyers-fake';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { startUpstoxFake, type UpstoxFake } from '../fakes/upstox-fake';

/**
 * Holdings and pre-trade margins of the five real brokers' adapters against their fakes: the documented
 * request each sends, how its answer is read (T1 shares counted, closes kept, "no holdings" as an empty
 * list), a day change turning a delivery buy into a holding, and the errors the other calls raise.
 */
const FAST = perSecond(100_000);
const SBIN_EQUITY = { script_id: 'NSE:SBIN', exchange: 'NSE', trading_symbol: 'SBIN', name: 'SBIN', instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05 } as const;
const sbinWith = (broker_tokens: Record<string, string>): Instrument => ({ ...SBIN_EQUITY, broker_tokens });
const NIFTY_CALL = { script_id: 'NFO:NIFTY25NOV2524000CE', exchange: 'NFO', trading_symbol: 'NIFTY25NOV2524000CE', name: 'NIFTY', instrument_type: 'CE', expiry: '2025-11-25', strike: 24000, lot_size: 75, tick_size: 0.05 } as const;
/** The master kept no address of any broker for it: it cannot be asked about. */
const UNMAPPED: Instrument = { ...SBIN_EQUITY, script_id: 'NSE:TCS', trading_symbol: 'TCS', broker_tokens: {} };

const order = (instrument: Instrument, change: Partial<OrderRequest> = {}): OrderRequest => ({
  instrument,
  action: 'BUY',
  orderType: 'LIMIT',
  product: 'DELIVERY',
  quantity: 10,
  price: 800,
  triggerPrice: null,
  tag: 'MARGINCHECK',
  ...change,
});

let agents: KeepAliveAgentPool;
beforeEach(() => {
  agents = new KeepAliveAgentPool();
});
afterEach(() => agents.destroyAll());

const plumbing = (baseUrl: string) => ({ endpoint: { baseUrl, timeoutMs: 2_000 }, limiters: new LimiterRegistry(), agents, alert: () => undefined });
const bodyOf = (server: BrokerFakeServer, route: string): unknown => JSON.parse(server.calls.find((call) => call.route === route)?.request.body ?? 'null');

/** A margin call for an order the broker cannot address is refused before anything is sent. */
async function expectRefusedUnaddressable(adapter: BrokerAdapter, server: BrokerFakeServer, instrument = UNMAPPED): Promise<void> {
  const before = server.calls.length;
  await expect(adapter.orderMargin(order(instrument, { product: instrument.exchange === 'NFO' ? 'CARRYFORWARD' : 'DELIVERY', quantity: instrument.lot_size }))).rejects.toBeInstanceOf(
    BrokerRejectedError,
  );
  expect(server.calls.length).toBe(before);
}

describe('Zerodha: GET /portfolio/holdings and POST /margins/orders', () => {
  let kite: KiteFake;
  const sbin = sbinWith({ kite: '779521' });
  const adapter = () =>
    new KiteAdapter({
      ...plumbing(kite.url),
      session: { apiKey: 'kitekey', accessToken: 'kitetoken', userId: 'AB1234', validUntil: nowMs() + 3_600_000 },
      ratePlan: { order: [FAST], read: [FAST], quote: [FAST] },
    });
  beforeEach(async () => {
    kite = await startKiteFake({
      apiKey: 'kitekey',
      apiSecret: 'kitesecret',
      accessToken: 'kitetoken',
      instruments: [
        { exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779_521, lastPrice: 812.5 },
        { exchange: 'NFO', tradingsymbol: 'NIFTY25NOV24000CE', instrumentToken: 10_923_010, lastPrice: 120 },
      ],
      holdings: [{ exchange: 'NSE', symbol: 'SBIN', quantity: 5, t1Quantity: 3, averagePrice: 790, closePrice: 805 }],
    });
  });
  afterEach(() => kite.stop());

  it('reads settled and T1 shares together, with the last price and the previous close', async () => {
    expect(await adapter().holdings()).toEqual([
      { tradingSymbol: 'SBIN', exchange: 'NSE', token: '779521', isin: expect.stringMatching(/^INE/), quantity: 8, averagePrice: 790, lastPrice: 812.5, closePrice: 805 },
    ]);
  });

  it('turns a CNC buy into T1 shares after the day ends, at the weighted average', async () => {
    const placed = await adapter().placeOrder(order(sbin, { orderType: 'MARKET', price: null, quantity: 2, tag: 'TB1' }));
    expect(placed.kind).toBe('accepted');
    kite.endDay();
    const [holding] = await adapter().holdings();
    expect(holding).toMatchObject({ quantity: 10, closePrice: 812.5 });
    expect(holding?.averagePrice).toBeCloseTo((8 * 790 + 2 * 812.5) / 10, 6);
  });

  it('asks the margin of the order as JSON and reads its total; available is left to funds', async () => {
    expect(await adapter().orderMargin(order(sbin))).toEqual({ required: 8_000, available: null });
    expect(bodyOf(kite.server, 'order-margins')).toEqual([
      { exchange: 'NSE', tradingsymbol: 'SBIN', transaction_type: 'BUY', variety: 'regular', product: 'CNC', order_type: 'LIMIT', quantity: 10, price: 800, trigger_price: 0 },
    ]);
    expect(kite.server.calls.find((call) => call.route === 'order-margins')?.request.headers['content-type']).toBe('application/json');
    const call = { ...NIFTY_CALL, broker_tokens: { zerodha: '10923010', 'zerodha:tradingsymbol': 'NIFTY25NOV24000CE' } };
    expect((await adapter().orderMargin(order(call, { product: 'CARRYFORWARD', quantity: 75, orderType: 'MARKET', price: null }))).required).toBe(9_000);
    expect(kite.orders()).toHaveLength(0);
  });

  it('refuses an unaddressable order, and reports a dead session as expired', async () => {
    // Kite spells equities like the platform: what it cannot be asked about is a contract without its Kite symbol.
    await expectRefusedUnaddressable(adapter(), kite.server, { ...NIFTY_CALL, broker_tokens: {} });
    kite.invalidateSession();
    await expect(adapter().holdings()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    await expect(adapter().orderMargin(order(sbin))).rejects.toBeInstanceOf(BrokerSessionExpiredError);
  });
});

describe('Angel One: getAllHolding and margin/v1/batch', () => {
  let angel: AngelFake;
  const sbin = sbinWith({ angel: '3045' });
  const network = { localIp: '10.0.0.5', publicIp: '203.0.113.7', macAddress: '02:42:ac:11:00:02' };
  let tokens: { jwtToken: string; refreshToken: string; feedToken: string };
  const adapter = () =>
    new AngelAdapter({
      ...plumbing(angel.url),
      network,
      session: { apiKey: 'angelkey', clientCode: 'A123456', ...tokens, validUntil: nowMs() + 3_600_000 },
      ratePlan: { order: [FAST], book: [FAST], quote: [FAST], login: [FAST] },
    });
  beforeEach(async () => {
    angel = await startAngelFake({
      apiKey: 'angelkey',
      clientCode: 'A123456',
      pin: '4321',
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN-EQ', symboltoken: '3045', ltp: 801.35 }],
      holdings: [{ exchange: 'NSE', symbol: 'SBIN-EQ', quantity: 4, t1Quantity: 1, averagePrice: 780, closePrice: 799 }],
    });
    tokens = angel.seedSession();
  });
  afterEach(() => angel.stop());

  it('reads the holdings with their token, price and close; a DELIVERY buy joins them after the day ends', async () => {
    expect(await adapter().holdings()).toEqual([
      { tradingSymbol: 'SBIN-EQ', exchange: 'NSE', token: '3045', isin: expect.any(String), quantity: 5, averagePrice: 780, lastPrice: 801.35, closePrice: 799 },
    ]);
    expect((await adapter().placeOrder(order(sbin, { orderType: 'MARKET', price: null, quantity: 5, tag: 'TB2' }))).kind).toBe('accepted');
    angel.endDay();
    expect(await adapter().holdings()).toEqual([expect.objectContaining({ quantity: 10, closePrice: 801.35 })]);
  });

  it('sends one position to the margin calculator and reads totalMarginRequired', async () => {
    expect(await adapter().orderMargin(order(sbin, { product: 'INTRADAY' }))).toEqual({ required: 1_600, available: null });
    expect(bodyOf(angel.server, 'margin')).toEqual({
      positions: [{ exchange: 'NSE', qty: 10, price: 800, productType: 'INTRADAY', token: '3045', tradeType: 'BUY', orderType: 'LIMIT' }],
    });
    await expectRefusedUnaddressable(adapter(), angel.server);
  });

  it('reports a session that cannot be renewed as expired', async () => {
    angel.expireJwt();
    angel.expireRefreshToken();
    await expect(adapter().holdings()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
  });
});

describe('Upstox: long-term-holdings and charges/margin', () => {
  let upstox: UpstoxFake;
  const infy: Instrument = { ...SBIN_EQUITY, script_id: 'NSE:INFY', trading_symbol: 'INFY', broker_tokens: { upstox: 'NSE_EQ|INE009A01021' } };
  const adapter = () =>
    new UpstoxAdapter({
      ...plumbing(upstox.apiUrl),
      orderBaseUrl: upstox.orderUrl,
      session: { accessToken: 'upstoxtoken', userId: 'UPX123', validUntil: nowMs() + 3_600_000 },
      ratePlan: { order: [FAST], read: [FAST] },
      sleep: async () => undefined,
    });
  beforeEach(async () => {
    upstox = await startUpstoxFake({
      apiKey: 'upstoxkey',
      apiSecret: 'upstoxsecret',
      accessToken: 'upstoxtoken',
      instruments: [{ instrumentKey: 'NSE_EQ|INE009A01021', tradingSymbol: 'INFY', lastPrice: 1500.5 }],
      holdings: [{ exchange: 'NSE', symbol: 'INFY', quantity: 6, t1Quantity: 2, averagePrice: 1450, closePrice: 1490, isin: 'INE009A01021' }],
    });
  });
  afterEach(() => upstox.stop());

  it('reads the total quantity with the instrument key, last price and close; a D buy on NSE_EQ joins after the day ends', async () => {
    expect(await adapter().holdings()).toEqual([
      { tradingSymbol: 'INFY', exchange: 'NSE', token: 'NSE_EQ|INE009A01021', isin: 'INE009A01021', quantity: 8, averagePrice: 1450, lastPrice: 1500.5, closePrice: 1490 },
    ]);
    expect((await adapter().placeOrder(order(infy, { orderType: 'MARKET', price: null, quantity: 2, tag: 'TB3' }))).kind).toBe('accepted');
    upstox.endDay();
    expect(await adapter().holdings()).toEqual([expect.objectContaining({ quantity: 10 })]);
  });

  it('asks the margin by instrument key and reads final_margin', async () => {
    expect(await adapter().orderMargin(order(infy, { price: 1500 }))).toEqual({ required: 15_000, available: null });
    expect(JSON.parse(upstox.requests('margin')[0]?.request.body ?? 'null')).toEqual({
      instruments: [{ instrument_key: 'NSE_EQ|INE009A01021', quantity: 10, transaction_type: 'BUY', product: 'D', price: 1500 }],
    });
    upstox.invalidateSession();
    await expect(adapter().orderMargin(order(infy))).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    await expect(adapter().holdings()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
  });
});

describe('Fyers: /api/v3/holdings and multiorder/margin', () => {
  let fyers: FyersFake;
  const sbin = sbinWith({ fyers: 'NSE:SBIN-EQ' });
  const adapter = () =>
    new FyersAdapter({
      ...plumbing(fyers.url),
      session: { appId: 'FAKEAPP01-100', accessToken: 'fyerstoken', userId: 'FY1234', validUntil: nowMs() + 3_600_000 },
      ratePlan: { api: [FAST] },
      sleep: async () => undefined,
    });
  beforeEach(async () => {
    fyers = await startFyersFake({
      appId: 'FAKEAPP01-100',
      appSecret: 'fyerssecret',
      pin: '4321',
      accessToken: 'fyerstoken',
      instruments: [{ symbol: 'NSE:SBIN-EQ', fyToken: '10100000003045', exchange: 10, segment: 10, lotSize: 1, lastPrice: 801.35 }],
      availableCash: 50_000,
      holdings: [{ exchange: 'NSE', symbol: 'NSE:SBIN-EQ', quantity: 4, t1Quantity: 2, averagePrice: 780 }],
    });
  });
  afterEach(() => fyers.stop());

  it('reads the settled (HLD) and T1 rows apart, each with the ticker, cost and last price', async () => {
    const row = { tradingSymbol: 'NSE:SBIN-EQ', exchange: 'NSE', token: 'NSE:SBIN-EQ', isin: expect.any(String), averagePrice: 780, lastPrice: 801.35, closePrice: null };
    expect(await adapter().holdings()).toEqual([
      { ...row, quantity: 4 },
      { ...row, quantity: 2 },
    ]);
  });

  it('reads what the order adds and what is free from the margin calculator', async () => {
    expect(await adapter().orderMargin(order(sbin))).toEqual({ required: 8_000, available: 50_000 });
    expect(bodyOf(fyers.server, 'margin')).toEqual({
      data: [{ symbol: 'NSE:SBIN-EQ', qty: 10, side: 1, type: 1, productType: 'CNC', limitPrice: 800, stopLoss: 0, stopPrice: 0, takeProfit: 0 }],
    });
    await expectRefusedUnaddressable(adapter(), fyers.server);
    fyers.invalidateSession();
    await expect(adapter().holdings()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
  });
});

describe('Dhan: /v2/holdings and /v2/margincalculator', () => {
  let dhan: DhanFake;
  let accessToken: string;
  const tcs: Instrument = { ...SBIN_EQUITY, script_id: 'NSE:TCS', trading_symbol: 'TCS', broker_tokens: { dhan: '11536' } };
  const start = (holdings: Parameters<typeof startDhanFake>[0]['holdings']) =>
    startDhanFake({
      clientId: '1100012345',
      pin: '246810',
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      instruments: [{ exchangeSegment: 'NSE_EQ', securityId: '11536', tradingSymbol: 'TCS', lastPrice: 4520.5 }],
      availableCash: 30_000,
      holdings,
    });
  const adapter = () =>
    new DhanAdapter({
      ...plumbing(dhan.url),
      session: { clientId: '1100012345', accessToken, validUntil: nowMs() + 3_600_000 },
      ratePlan: { order: [FAST], read: [FAST], quote: [FAST], login: [FAST] },
      sleep: async () => undefined,
    });
  afterEach(() => dhan.stop());

  it('reads "no holdings" (DH-1111) as none, and a CNC buy as a holding after the day ends, its exchange ALL read as NSE', async () => {
    dhan = await start([]);
    accessToken = dhan.seedSession();
    expect(await adapter().holdings()).toEqual([]);
    expect((await adapter().placeOrder(order(tcs, { orderType: 'MARKET', price: null, quantity: 3, tag: 'TB4' }))).kind).toBe('accepted');
    dhan.endDay();
    expect(await adapter().holdings()).toEqual([
      { tradingSymbol: 'TCS', exchange: 'NSE_EQ', token: '11536', isin: expect.any(String), quantity: 3, averagePrice: 4520.5, lastPrice: null, closePrice: null },
    ]);
  });

  it('asks the margin calculator for the one order and reads what it needs and what is free', async () => {
    dhan = await start([{ exchange: 'NSE_EQ', symbol: 'TCS', quantity: 2, averagePrice: 4400 }]);
    accessToken = dhan.seedSession();
    expect(await adapter().orderMargin(order(tcs, { price: 4500 }))).toEqual({ required: 45_000, available: 30_000 });
    expect(bodyOf(dhan.server, 'margin')).toEqual({
      dhanClientId: '1100012345',
      exchangeSegment: 'NSE_EQ',
      transactionType: 'BUY',
      quantity: 10,
      productType: 'CNC',
      securityId: '11536',
      price: 4500,
    });
    await expectRefusedUnaddressable(adapter(), dhan.server);
    dhan.expireTokens();
    await expect(adapter().holdings()).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    await expect(adapter().orderMargin(order(tcs))).rejects.toBeInstanceOf(BrokerSessionExpiredError);
  });
});
