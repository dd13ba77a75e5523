import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupBrokerSchema, groupOrderFanOutSchema, groupSchema } from '../../shared/contracts/groups';
import { placedOrderSchema } from '../../shared/contracts/orders';
import { integrationOf } from '../../functions/broker-accounts/integrations/registry';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { completeKiteLogin } from '../../functions/broker-accounts/sessions/kite-session';
import { storeSession } from '../../functions/broker-accounts/sessions/store-session';
import { getBrokerAccount, updateBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { nowMs } from '../../functions/platform/clock';
import { startEgressProxy } from '../../functions/platform/egress/egress-proxy-server';
import { egressSecret } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { dataOf } from '../support/api-answers';
import { LOOPBACK_TARGETS, useEgressProxy } from '../support/egress-proxy';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Egress asserted at the broker fake (issue 20): an account bound to a static-IP slot sends its
 * order-changing calls through the egress proxy, which binds the slot's loopback address, so the Kite
 * fake records them from 127.0.0.2, 127.0.0.3, ::1 …; its reads (order book, funds) go direct from
 * 127.0.0.1. A proxy that cannot be reached fails the order at once with the reason on the order, and
 * nothing reaches the broker. A copy-trading fan-out sends each child's order from its own slot.
 */
process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');

const api = useGateway();
const egress = useEgressProxy();
const KITE = { api_key: 'kiteegresskey1234', api_secret: 'kiteEgressSecret0123456789abcdef' };
let kite: KiteFake;
let restoreSettings: () => void = () => undefined;

beforeAll(async () => {
  restoreSettings = configureOrderPath({ recheckPauseMs: 10 });
  kite = await startKiteFake({
    apiKey: KITE.api_key,
    apiSecret: KITE.api_secret,
    accessToken: 'kiteegressaccesstoken',
    instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: 812.35 }],
  });
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
});
afterAll(async () => {
  restoreSettings();
  await kite?.stop();
});

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

/** A Zerodha account on the fake's live session, trading on, bound to the loopback slot `bindAddress` of `proxyUrl`. */
async function kiteAccountOn(who: TestUser, bindAddress: string, proxyUrl = egress.url()): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'zerodha', credentials: KITE }), z.object({ account: brokerAccountSchema }));
  const stored = await getBrokerAccount(ownerOf(who), account.broker_id);
  if (!stored) throw new Error('Zerodha account not stored');
  await storeSession(ownerOf(who), stored, { tokens: { access_token: kite.accessToken() }, validUntil: nowMs() + 3_600_000, brokerUserId: 'AB1234' }, createLogger());
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  const bound = await updateBrokerAccount(ownerOf(who), account.broker_id, { set: { egress: { ...egress.accountEgress(bindAddress), proxy_url: proxyUrl } } }, { statuses: ['connected'] });
  if (!bound) throw new Error('egress not stored on the account');
  return account.broker_id;
}

const ticket = (fields: Record<string, unknown>) => ({
  script_id: 'NSE:SBIN',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'DELIVERY',
  quantity: 1,
  price: 800,
  idempotency_key: `egress-${randomUUID()}`,
  ...fields,
});

async function manualOrder(who: TestUser, brokerId: string) {
  return dataOf(await post(who, '/users/broker/direct/placeorder', ticket({ broker_id: brokerId })), placedOrderSchema).order;
}

/** Where the fake received the place request of the order it booked as `brokerOrderId`. */
function placedFrom(brokerOrderId: string): string | undefined {
  const tag = kite.orders().find((row) => row.order_id === brokerOrderId)?.tag;
  const call = kite.server.calls.find((recorded) => recorded.route === 'place' && new URLSearchParams(recorded.request.body).get('tag') === tag);
  return call?.remoteAddress;
}

describe('orders leave from the account slot, reads go direct', () => {
  it('records the orders of accounts on 127.0.0.2 and 127.0.0.3 from those addresses, and their order book and funds from 127.0.0.1', async () => {
    const alice = await createTestUser();
    const onA = await kiteAccountOn(alice, '127.0.0.2');
    const onB = await kiteAccountOn(alice, '127.0.0.3');
    const readsBefore = kite.server.calls.filter((call) => call.route === 'orders' || call.route === 'margins').length;

    const first = await manualOrder(alice, onA);
    const second = await manualOrder(alice, onB);
    expect(first).toMatchObject({ submission: 'SUBMITTED' });
    expect(second).toMatchObject({ submission: 'SUBMITTED' });
    expect(placedFrom(first.broker_order_id ?? '')).toBe('127.0.0.2');
    expect(placedFrom(second.broker_order_id ?? '')).toBe('127.0.0.3');

    const account = await getBrokerAccount(ownerOf(alice), onA);
    if (!account) throw new Error('account vanished');
    const connection = await integrationOf('zerodha').open(ownerOf(alice), account, createLogger());
    await connection.adapter.orderBook();
    await connection.adapter.funds();
    const reads = kite.server.calls.filter((call) => call.route === 'orders' || call.route === 'margins').slice(readsBefore);
    expect(reads.map((call) => call.route)).toEqual(expect.arrayContaining(['orders', 'margins']));
    expect(new Set(reads.map((call) => call.remoteAddress))).toEqual(new Set(['127.0.0.1']));
  });

  it('records the order of an account on the IPv6 slot ::1 from ::1', async () => {
    const bob = await createTestUser();
    const onV6 = await kiteAccountOn(bob, '::1');
    // An IPv6 slot reaches the broker over IPv6: the fake also listens on [::1].
    process.env[BROKER_ENDPOINT_ENV.kiteApi] = `http://[::1]:${new URL(kite.url).port}`;
    try {
      const order = await manualOrder(bob, onV6);
      expect(order).toMatchObject({ submission: 'SUBMITTED' });
      expect(placedFrom(order.broker_order_id ?? '')).toBe('::1');
    } finally {
      process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
    }
  });
});

describe('logins leave from the slot too', () => {
  it("exchanges Kite's request token from the account's slot (brokers bind the session to that IP)", async () => {
    const erin = await createTestUser();
    const brokerId = await kiteAccountOn(erin, '127.0.0.4');
    const sessionsBefore = kite.server.callCount('session');
    const account = await completeKiteLogin(ownerOf(erin), brokerId, kite.issueRequestToken(), createLogger());
    expect(account.status).toBe('connected');
    const exchanges = kite.server.calls.filter((call) => call.route === 'session').slice(sessionsBefore);
    expect(exchanges.map((call) => call.remoteAddress)).toEqual(['127.0.0.4']);
  });
});

describe('egress proxy down', () => {
  it('fails the order within a second with the reason on it, and nothing reaches the broker', async () => {
    const down = await startEgressProxy({ host: '127.0.0.1', port: 0, secret: egressSecret(), allowedHosts: LOOPBACK_TARGETS });
    await down.stop();
    const carol = await createTestUser();
    const stranded = await kiteAccountOn(carol, '127.0.0.9', down.url);
    const placesBefore = kite.server.callCount('place');
    const ordersBefore = kite.orders().length;

    const started = performance.now();
    const order = await manualOrder(carol, stranded);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(order).toMatchObject({ status: 'failed', broker_order_id: null });
    expect(order.reason).toBe(
      'This account sends its orders from static IP 127.0.0.9, and the egress proxy could not be reached (ECONNREFUSED). Nothing was sent to the broker.',
    );
    expect(kite.server.callCount('place')).toBe(placesBefore);
    expect(kite.orders()).toHaveLength(ordersBefore);
  });
});

describe('copy-trading fan-out', () => {
  it('sends each of 20 children its order from its own slot: 20 distinct addresses at the fake', async () => {
    const dave = await createTestUser();
    const slots = Array.from({ length: 20 }, (_, index) => `127.0.0.${index + 2}`);
    const accounts = new Map<string, string>();
    for (const slot of slots) accounts.set(await kiteAccountOn(dave, slot), slot);
    const group = dataOf(await post(dave, '/users/groups/addgroup', { grp_name: 'Slot copiers', trading_enabled: true }), groupSchema);
    for (const brokerId of accounts.keys()) {
      dataOf(await post(dave, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: brokerId, multiplier: 1 }), groupBrokerSchema);
    }

    const fanOut = dataOf(await post(dave, '/users/broker/group/placeorder', ticket({ group_id: group.grp_id })), groupOrderFanOutSchema);
    expect(fanOut.targets).toHaveLength(20);
    const seen = fanOut.targets.map((target) => {
      expect(target.order).toMatchObject({ origin: 'copytrading', submission: 'SUBMITTED' });
      const from = placedFrom(target.order?.broker_order_id ?? '');
      expect(from).toBe(accounts.get(target.broker_id));
      return from;
    });
    expect(new Set(seen).size).toBe(20);
  });
});
