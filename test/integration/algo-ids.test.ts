import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ENV } from '../../shared/config/env-names';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupBrokerSchema, groupOrderFanOutSchema, groupSchema } from '../../shared/contracts/groups';
import { placedOrderSchema } from '../../shared/contracts/orders';
import type { Instrument } from '../../shared/domain/instruments';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { storeSession } from '../../functions/broker-accounts/sessions/store-session';
import { getBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { reloadInstrumentMaster, sampleMasterSource } from '../../functions/market/instrument-master';
import { masterFileSchema, serialiseMasterFile } from '../../functions/market/master-file';
import { masterKeys } from '../../functions/market/refresh/master-keys';
import { configuredMasterStore } from '../../functions/market/refresh/master-store';
import { nowMs } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { DHAN_MISSING_ALGO_ID, startDhanFake, type DhanFake } from '../fakes/dhan-fake';
import { KITE_MISSING_ALGO_ID, startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { dataOf } from '../support/api-answers';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Exchange algo ids (issue 20): a franchise of this file's own saves BROKER_CONFIG with an algo id per
 * broker through `updateconfigs`; a manual order reaches the Kite and Dhan fakes without the broker's
 * algo field, a copy-trading fan-out (automated) with the franchise's id in it (Kite `algo_id`, Dhan
 * `algoId`). A broker without an id still gets the automated order, and the gap is logged once.
 */
process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');

const api = useGateway();
const KITE = { api_key: 'kitealgoskey1234', api_secret: 'kiteAlgosSecret0123456789abcdef' };
const DHAN = { client_id: '1100067890', pin: '135790', totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const SBIN_LAST_PRICE = 812.35;
const SBIN_DHAN = { security_id: '3045' };
const ALGO = { zerodha: `KITE${randomBytes(4).toString('hex')}`, dhan: `DHAN${randomBytes(4).toString('hex')}` };
const NO_ALGO_ID_WARNING = 'automated order without an exchange algo id';

let kite: KiteFake;
let dhan: DhanFake;
let restoreSettings: () => void = () => undefined;
let frchId = 0;
let host = '';
let admin: TestUser;

/** The sample master with SBIN addressable at Dhan (its security id), as the daily refresh stores it. */
async function storeMasterWithDhanAddress(): Promise<void> {
  const sample = masterFileSchema.parse(JSON.parse(await sampleMasterSource.read()));
  const withAddress = (instrument: Instrument): Instrument =>
    instrument.script_id === 'NSE:SBIN' ? { ...instrument, broker_tokens: { ...instrument.broker_tokens, dhan: SBIN_DHAN.security_id, 'dhan:tradingsymbol': 'SBIN' } } : instrument;
  const store = await configuredMasterStore();
  if (!store) throw new Error('the integration environment has no master store');
  await store.write(masterKeys.current, serialiseMasterFile({ ...sample, source: 'algo-ids', instruments: sample.instruments.map(withAddress) }));
  await reloadInstrumentMaster();
}

beforeAll(async () => {
  restoreSettings = configureOrderPath({ recheckPauseMs: 10 });
  await storeMasterWithDhanAddress();
  [kite, dhan] = await Promise.all([
    startKiteFake({
      apiKey: KITE.api_key,
      apiSecret: KITE.api_secret,
      accessToken: 'kitealgosaccesstoken',
      instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: SBIN_LAST_PRICE }],
    }),
    startDhanFake({
      clientId: DHAN.client_id,
      pin: DHAN.pin,
      totpSecret: DHAN.totp_secret,
      instruments: [{ exchangeSegment: 'NSE_EQ', securityId: SBIN_DHAN.security_id, tradingSymbol: 'SBIN', lastPrice: SBIN_LAST_PRICE }],
      availableCash: 500_000,
    }),
  ]);
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
  process.env[BROKER_ENDPOINT_ENV.dhanApi] = dhan.url;
  process.env[BROKER_ENDPOINT_ENV.dhanAuth] = dhan.url;
  frchId = 700_000 + randomInt(0, 200_000);
  host = `algo-${frchId}.localhost`;
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
  admin = await createTestUser({ frchId, roles: { is_brokerpanel: true } });
});
afterAll(async () => {
  restoreSettings();
  await Promise.all([kite?.stop(), dhan?.stop()]);
});

const post = (who: TestUser, path: string, body: unknown): Promise<ApiAnswer> => api.call('POST', path, { token: who.token, body, host });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function saveAlgoIds(algoIds: { zerodha: string; dhan: string }): Promise<void> {
  const config = {
    allowed_brokers: ['zerodha', 'dhan'],
    kite_api_key: '',
    kite_api_secret: '',
    upstox_api_key: '',
    upstox_api_secret: '',
    fyers_app_id: '',
    fyers_app_secret: '',
    algo_ids: { zerodha: algoIds.zerodha, angelone: '', upstox: '', fyers: '', dhan: algoIds.dhan },
  };
  const saved = await post(admin, '/users/brokerpanelconfigs/updateconfigs', { config_type: 'BROKER_CONFIG', config });
  expect(saved.status, saved.text).toBe(200);
}

async function tradingOn(who: TestUser, brokerId: string): Promise<void> {
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: brokerId, trading_enabled: true }), brokerAccountSchema);
}

/** A Zerodha account (the user's own Kite app) on the fake's live session, trading on. */
async function kiteAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'zerodha', credentials: KITE }), z.object({ account: brokerAccountSchema }));
  const stored = await getBrokerAccount(ownerOf(who), account.broker_id);
  if (!stored) throw new Error('Zerodha account not stored');
  await storeSession(ownerOf(who), stored, { tokens: { access_token: kite.accessToken() }, validUntil: nowMs() + 3_600_000, brokerUserId: 'AB1234' }, createLogger());
  await tradingOn(who, account.broker_id);
  return account.broker_id;
}

/** A Dhan account logged in with client id, PIN and TOTP, trading on. */
async function dhanAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'dhan', credentials: DHAN }), z.object({ account: brokerAccountSchema }));
  await tradingOn(who, account.broker_id);
  return account.broker_id;
}

const ticket = (fields: Record<string, unknown>) => ({
  script_id: 'NSE:SBIN',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'DELIVERY',
  quantity: 1,
  price: 800,
  idempotency_key: `algo-${randomUUID()}`,
  ...fields,
});

async function manualOrder(who: TestUser, brokerId: string): Promise<string> {
  const { order } = dataOf(await post(who, '/users/broker/direct/placeorder', ticket({ broker_id: brokerId })), placedOrderSchema);
  expect(order).toMatchObject({ origin: 'manual', submission: 'SUBMITTED' });
  return order.broker_order_id ?? '';
}

/** A copy-trading fan-out to the group's children: the broker order id each child's order got, by broker id. */
async function groupOrder(who: TestUser, groupId: string): Promise<Map<string, string>> {
  const fanOut = dataOf(await post(who, '/users/broker/group/placeorder', ticket({ group_id: groupId })), groupOrderFanOutSchema);
  const placed = new Map<string, string>();
  for (const target of fanOut.targets) {
    expect(target.order).toMatchObject({ origin: 'copytrading', submission: 'SUBMITTED' });
    placed.set(target.broker_id, target.order?.broker_order_id ?? '');
  }
  return placed;
}

const kiteAlgoIdOf = (brokerOrderId: string) => kite.orders().find((row) => row.order_id === brokerOrderId)?.algo_id;
const dhanAlgoIdOf = (brokerOrderId: string) => dhan.orders().find((row) => row.orderId === brokerOrderId)?.algoId;
const warningsFor = (broker: string) =>
  capturedLogs.filter((line) => line.includes(NO_ALGO_ID_WARNING) && line.includes(`"frchId":${frchId}`) && line.includes(`"broker":"${broker}"`));

describe('exchange algo ids on automated orders (Kite and Dhan fakes)', () => {
  it('sends none on manual orders, the franchise id on copy-trading orders, and still sends an automated order the franchise has no id for', async () => {
    await saveAlgoIds({ zerodha: ALGO.zerodha, dhan: '' });
    const alice = await createTestUser({ frchId });
    const kiteId = await kiteAccount(alice);
    const dhanId = await dhanAccount(alice);

    expect(kiteAlgoIdOf(await manualOrder(alice, kiteId))).toBeNull();
    expect(dhanAlgoIdOf(await manualOrder(alice, dhanId))).toBeNull();

    const group = dataOf(await post(alice, '/users/groups/addgroup', { grp_name: 'Algo copiers', trading_enabled: true }), groupSchema);
    for (const brokerId of [kiteId, dhanId]) dataOf(await post(alice, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: brokerId, multiplier: 1 }), groupBrokerSchema);

    // Dhan has no id yet: the order still goes out, without the field, and the gap is logged once.
    for (let round = 0; round < 2; round += 1) {
      const placed = await groupOrder(alice, group.grp_id);
      expect(kiteAlgoIdOf(placed.get(kiteId) ?? '')).toBe(ALGO.zerodha);
      expect(dhanAlgoIdOf(placed.get(dhanId) ?? '')).toBeNull();
    }
    expect(warningsFor('dhan')).toHaveLength(1);
    expect(warningsFor('zerodha')).toHaveLength(0);

    await saveAlgoIds(ALGO);
    const placed = await groupOrder(alice, group.grp_id);
    expect(kiteAlgoIdOf(placed.get(kiteId) ?? '')).toBe(ALGO.zerodha);
    expect(dhanAlgoIdOf(placed.get(dhanId) ?? '')).toBe(ALGO.dhan);
    expect(dhanAlgoIdOf(await manualOrder(alice, dhanId))).toBeNull();
  });
});

describe('fakes that require an algo id (opt-in per instance)', () => {
  it('Kite refuses a place request without algo_id with its input error and takes one with it', async () => {
    const strict = await startKiteFake({
      apiKey: KITE.api_key,
      apiSecret: KITE.api_secret,
      accessToken: 'strictkiteaccess',
      requireAlgoId: true,
      instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: SBIN_LAST_PRICE }],
    });
    try {
      const place = (extra: Record<string, string>) =>
        fetch(`${strict.url}/orders/regular`, {
          method: 'POST',
          headers: { 'X-Kite-Version': '3', Authorization: `token ${KITE.api_key}:strictkiteaccess`, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ exchange: 'NSE', tradingsymbol: 'SBIN', transaction_type: 'BUY', quantity: '1', product: 'CNC', order_type: 'LIMIT', price: '800', validity: 'DAY', ...extra }).toString(),
        });
      const refused = await place({});
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ status: 'error', error_type: 'InputException', message: KITE_MISSING_ALGO_ID });
      expect(strict.orders()).toHaveLength(0);
      expect((await place({ algo_id: 'STRICT1' })).status).toBe(200);
      expect(strict.orders().map((row) => row.algo_id)).toEqual(['STRICT1']);
    } finally {
      await strict.stop();
    }
  });

  it('Dhan refuses a place request without algoId with DH-905 and takes one with it', async () => {
    const strict = await startDhanFake({ clientId: DHAN.client_id, pin: DHAN.pin, totpSecret: DHAN.totp_secret, requireAlgoId: true, instruments: [{ exchangeSegment: 'NSE_EQ', securityId: '3045', tradingSymbol: 'SBIN', lastPrice: SBIN_LAST_PRICE }] });
    try {
      const token = strict.seedSession();
      const place = (extra: Record<string, unknown>) =>
        fetch(`${strict.url}/v2/orders`, {
          method: 'POST',
          headers: { 'access-token': token, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            dhanClientId: DHAN.client_id,
            transactionType: 'BUY',
            exchangeSegment: 'NSE_EQ',
            productType: 'CNC',
            orderType: 'LIMIT',
            validity: 'DAY',
            securityId: '3045',
            quantity: 1,
            disclosedQuantity: 0,
            price: 800,
            triggerPrice: 0,
            afterMarketOrder: false,
            ...extra,
          }),
        });
      const refused = await place({});
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ errorType: 'Input_Exception', errorCode: 'DH-905', errorMessage: DHAN_MISSING_ALGO_ID });
      expect((await place({ algoId: 'STRICT2' })).status).toBe(200);
      expect(strict.orders().map((row) => row.algoId)).toEqual(['STRICT2']);
    } finally {
      await strict.stop();
    }
  });
});
