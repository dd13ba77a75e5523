import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AngelAdapter } from '../../functions/broker-adapters/angelone/angel-adapter';
import type { BrokerAdapter, OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { DhanAdapter } from '../../functions/broker-adapters/dhan/dhan-adapter';
import { FyersAdapter } from '../../functions/broker-adapters/fyers/fyers-adapter';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { BrokerUnregisteredIpError } from '../../functions/broker-adapters/http/unregistered-ip';
import { UpstoxAdapter } from '../../functions/broker-adapters/upstox/upstox-adapter';
import { KiteAdapter } from '../../functions/broker-adapters/zerodha/kite-adapter';
import { nowMs } from '../../functions/platform/clock';
import type { Instrument } from '../../shared/domain/instruments';
import { startAngelFake } from '../fakes/angel-fake';
import { startDhanFake } from '../fakes/dhan-fake';
import { startFyersFake } from '../fakes/fyers-fake';
import { startKiteFake } from '../fakes/kite-fake';
import type { StaticIpControls } from '../fakes/static-ip-rules';
import { startUpstoxFake } from '../fakes/upstox-fake';

/**
 * The SEBI static-IP rule at every broker fake, through the real adapters: each adapter binds its calls to a
 * loopback source address (`endpoint.localAddress`), so 127.0.0.2 and 127.0.0.3 are two machines to the fake.
 */

const REGISTERED = '127.0.0.2';
const ELSEWHERE = '127.0.0.3';

const instrument = (symbol: string, brokerTokens: Record<string, string>): Instrument => ({
  script_id: `NSE:${symbol}`,
  exchange: 'NSE',
  trading_symbol: symbol,
  name: symbol,
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: brokerTokens,
});

/** A limit order far from the price, so it stays open to be modified and cancelled. */
const limitOrder = (target: Instrument, tag: string): OrderRequest => ({
  instrument: target,
  action: 'BUY',
  orderType: 'LIMIT',
  product: 'INTRADAY',
  quantity: 1,
  price: 100,
  triggerPrice: null,
  tag,
});

interface BrokerUnderTest {
  readonly controls: StaticIpControls;
  readonly accountKey: string;
  /** The broker's own refusal code, as the mapped message names it. */
  readonly code: string;
  readonly instrument: Instrument;
  adapterFrom(address: string): BrokerAdapter;
  stop(): Promise<void>;
}

let agents: KeepAliveAgentPool;
const endpointOf = (baseUrl: string, localAddress: string) => ({ baseUrl, timeoutMs: 2_000, localAddress });
const plumbing = () => ({ agents, limiters: new LimiterRegistry() });

const BROKERS: Record<string, (requireStaticIp: boolean) => Promise<BrokerUnderTest>> = {
  'Zerodha Kite': async (requireStaticIp) => {
    const fake = await startKiteFake({
      apiKey: 'kitefakekey',
      apiSecret: 'kitefakesecret',
      accessToken: 'seededaccesstoken',
      instruments: [{ exchange: 'NSE', tradingsymbol: 'INFY', instrumentToken: 408065, lastPrice: 1500.5 }],
      requireStaticIp,
    });
    const session = { apiKey: 'kitefakekey', accessToken: 'seededaccesstoken', userId: 'AB1234', validUntil: nowMs() + 3_600_000 };
    return {
      controls: fake,
      accountKey: 'AB1234',
      code: 'PermissionException',
      instrument: instrument('INFY', { kite: '408065' }),
      adapterFrom: (address) => new KiteAdapter({ session, endpoint: endpointOf(fake.url, address), ...plumbing() }),
      stop: () => fake.stop(),
    };
  },
  'Angel One SmartAPI': async (requireStaticIp) => {
    const credentials = { apiKey: 'angelfakekey', clientCode: 'A123456', pin: '4321', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
    const fake = await startAngelFake({ ...credentials, instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN-EQ', symboltoken: '3045', ltp: 801.35 }], requireStaticIp });
    const session = { apiKey: credentials.apiKey, clientCode: credentials.clientCode, ...fake.seedSession(), validUntil: nowMs() + 3_600_000 };
    const network = { localIp: '10.0.0.5', publicIp: '203.0.113.7', macAddress: '02:42:ac:11:00:02' };
    return {
      controls: fake,
      accountKey: credentials.clientCode,
      code: 'AG7002',
      instrument: instrument('SBIN', { angel: '3045' }),
      adapterFrom: (address) => new AngelAdapter({ session, network, endpoint: endpointOf(fake.url, address), ...plumbing() }),
      stop: () => fake.stop(),
    };
  },
  Upstox: async (requireStaticIp) => {
    const fake = await startUpstoxFake({
      apiKey: 'upstoxfakekey',
      apiSecret: 'upstoxfakesecret',
      accessToken: 'seededaccesstoken',
      instruments: [{ instrumentKey: 'NSE_EQ|INE009A01021', tradingSymbol: 'INFY', lastPrice: 1500.5 }],
      requireStaticIp,
    });
    const session = { accessToken: 'seededaccesstoken', userId: 'UPX123', validUntil: nowMs() + 3_600_000 };
    return {
      controls: fake,
      accountKey: 'UPX123',
      code: 'UDAPI1179',
      instrument: instrument('INFY', { upstox: 'NSE_EQ|INE009A01021' }),
      adapterFrom: (address) => new UpstoxAdapter({ session, endpoint: endpointOf(fake.apiUrl, address), orderBaseUrl: fake.orderUrl, ...plumbing() }),
      stop: () => fake.stop(),
    };
  },
  Dhan: async (requireStaticIp) => {
    const fake = await startDhanFake({
      clientId: '1100012345',
      pin: '246810',
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      instruments: [{ exchangeSegment: 'NSE_EQ', securityId: '11536', tradingSymbol: 'TCS', lastPrice: 4520.5 }],
      requireStaticIp,
    });
    const session = { clientId: '1100012345', accessToken: fake.seedSession(), validUntil: nowMs() + 3_600_000 };
    return {
      controls: fake,
      accountKey: '1100012345',
      code: 'DH-902',
      instrument: instrument('TCS', { dhan: '11536' }),
      adapterFrom: (address) => new DhanAdapter({ session, endpoint: endpointOf(fake.url, address), ...plumbing() }),
      stop: () => fake.stop(),
    };
  },
  Fyers: async (requireStaticIp) => {
    const fake = await startFyersFake({
      appId: 'FAKEAPP01-100',
      appSecret: 'fyersFakeSecret42',
      pin: '4321',
      fyId: 'FY1234',
      accessToken: 'seededaccesstoken',
      instruments: [{ symbol: 'NSE:SBIN-EQ', fyToken: '10100000003045', exchange: 10, segment: 10, lotSize: 1, lastPrice: 801.35 }],
      requireStaticIp,
    });
    const session = { appId: 'FAKEAPP01-100', accessToken: 'seededaccesstoken', userId: 'FY1234', validUntil: nowMs() + 3_600_000 };
    return {
      controls: fake,
      accountKey: 'FY1234',
      code: '-99',
      instrument: instrument('SBIN', { fyers: 'NSE:SBIN-EQ' }),
      adapterFrom: (address) => new FyersAdapter({ session, endpoint: endpointOf(fake.url, address), ...plumbing() }),
      stop: () => fake.stop(),
    };
  },
};

const refusalFor = (name: string, code: string) =>
  `${name} refused the order: the IP it came from is not registered for this account (${code}). Register your static IP in the broker's API console, or buy one on Static IP.`;

beforeEach(() => {
  agents = new KeepAliveAgentPool();
});

afterEach(() => {
  agents.destroyAll();
});

describe.each(Object.keys(BROKERS))('static IP rule at the %s fake', (name) => {
  let broker: BrokerUnderTest;
  const start = async (requireStaticIp = false) => {
    broker = await BROKERS[name]!(requireStaticIp);
  };

  afterEach(async () => {
    await broker.stop();
  });

  it('refuses place, modify and cancel from an address the account has not registered, with what to do; accepts them from its IP', async () => {
    await start();
    broker.controls.registerIps(broker.accountKey, { primary: REGISTERED });
    const fromElsewhere = broker.adapterFrom(ELSEWHERE);
    const fromSlot = broker.adapterFrom(REGISTERED);

    const refused = await fromElsewhere.placeOrder(limitOrder(broker.instrument, 'TB00000000000001'));
    expect(refused).toEqual({ kind: 'rejected', reason: refusalFor(name, broker.code) });

    const placed = await fromSlot.placeOrder(limitOrder(broker.instrument, 'TB00000000000002'));
    if (placed.kind !== 'accepted') throw new Error(`expected the order from the registered IP to be accepted: ${JSON.stringify(placed)}`);
    await expect(fromElsewhere.modifyOrder({ brokerOrderId: placed.brokerOrderId, price: 101 })).rejects.toBeInstanceOf(BrokerUnregisteredIpError);
    await expect(fromElsewhere.cancelOrder(placed.brokerOrderId)).rejects.toThrow(refusalFor(name, broker.code));
    await fromSlot.cancelOrder(placed.brokerOrderId);

    expect(broker.controls.ipRefusals().map(({ route, remoteAddress, reason }) => ({ route, remoteAddress, reason }))).toEqual([
      { route: 'place', remoteAddress: ELSEWHERE, reason: 'unregistered-ip' },
      { route: 'modify', remoteAddress: ELSEWHERE, reason: 'unregistered-ip' },
      { route: 'cancel', remoteAddress: ELSEWHERE, reason: 'unregistered-ip' },
    ]);
  });

  it('accepts orders from the secondary IP too, and never refuses reads for their address', async () => {
    await start();
    broker.controls.registerIps(broker.accountKey, { primary: REGISTERED, secondary: ELSEWHERE });
    const placed = await broker.adapterFrom(ELSEWHERE).placeOrder(limitOrder(broker.instrument, 'TB00000000000003'));
    expect(placed.kind).toBe('accepted');

    broker.controls.registerIps(broker.accountKey, { primary: REGISTERED });
    const reader = broker.adapterFrom('127.0.0.4');
    await expect(reader.orderBook()).resolves.toHaveLength(1);
    await expect(reader.positions()).resolves.toBeDefined();
    expect(broker.controls.ipRefusals()).toEqual([]);
  });

  it('with requireStaticIp, refuses the orders (not the reads) of an account that registered no IP; without it, lets them through', async () => {
    await start(true);
    const outcome = await broker.adapterFrom(REGISTERED).placeOrder(limitOrder(broker.instrument, 'TB00000000000004'));
    expect(outcome).toEqual({ kind: 'rejected', reason: refusalFor(name, broker.code) });
    expect(broker.controls.ipRefusals()).toEqual([{ route: 'place', accountKey: broker.accountKey, remoteAddress: REGISTERED, reason: 'no-registered-ip' }]);
    expect(broker.controls.registeredIps(broker.accountKey)).toBeNull();
    await expect(broker.adapterFrom(REGISTERED).orderBook()).resolves.toEqual([]);

    await broker.stop();
    await start(false);
    await expect(broker.adapterFrom(REGISTERED).placeOrder(limitOrder(broker.instrument, 'TB00000000000005'))).resolves.toMatchObject({ kind: 'accepted' });
  });
});
