import { randomBytes, randomUUID } from 'node:crypto';
import { nowMs } from '../../functions/platform/clock';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema, type BrokerAccount } from '../../shared/contracts/broker';
import { accountOrderBookSchema, accountPositionsSchema } from '../../shared/contracts/broker-trading';
import { orderSchema, placedOrderSchema, squaredOffSchema } from '../../shared/contracts/orders';
import type { BrokerKind } from '../../shared/domain/brokers';
import type { Instrument } from '../../shared/domain/instruments';
import { openSession } from '../../functions/broker-accounts/sessions/account-secrets';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { getBrokerAccount, listBrokerAccounts } from '../../functions/data/broker-accounts-repository';
import { brokerAccountKeys, userKeys } from '../../functions/data/keys';
import { reloadInstrumentMaster, sampleMasterSource } from '../../functions/market/instrument-master';
import { masterFileSchema, serialiseMasterFile } from '../../functions/market/master-file';
import { masterKeys } from '../../functions/market/refresh/master-keys';
import { configuredMasterStore } from '../../functions/market/refresh/master-store';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { startDhanFake, type DhanFake } from '../fakes/dhan-fake';
import { startFyersFake, type FyersFake } from '../fakes/fyers-fake';
import { startUpstoxFake, type UpstoxFake } from '../fakes/upstox-fake';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/**
 * Upstox and Fyers (login redirect) and Dhan (TOTP credentials) through the API, end to end: the
 * account flows (connectbroker, completebrokerlogin, reconnect, refresh) and trading (direct orders,
 * order book, positions, square-off) run the real handlers against each broker's HTTP fake. The
 * instrument master is the one the daily refresh would store: the sample, with SBIN carrying the
 * addresses each broker's master loader writes, so the fakes and the master name the same instrument.
 */
process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();

/** The tenant host the requests come to: the redirect URL registered with the broker apps is built from it. */
const TENANT_HOST = 'trade.example.test';
const REDIRECT_URI = `https://${TENANT_HOST}/platform/dematconnected`;

const SBIN_LAST_PRICE = 812.35;
/** How each broker names SBIN: Upstox by instrument key, Fyers by symbol ticker, Dhan by security id. */
const SBIN_AT = { upstoxKey: 'NSE_EQ|INE062A01020', fyersTicker: 'NSE:SBIN-EQ', dhanSecurityId: '3045' } as const;
/** SBIN's `broker_tokens` as the Upstox, Fyers and Dhan master loaders write them. */
const SBIN_ADDRESSES: Readonly<Record<string, string>> = {
  upstox: SBIN_AT.upstoxKey,
  'upstox:tradingsymbol': 'SBIN',
  fyers: SBIN_AT.fyersTicker,
  dhan: SBIN_AT.dhanSecurityId,
  'dhan:tradingsymbol': 'SBIN',
};

const UPSTOX = { api_key: 'upx-key-0a1b2c3d', api_secret: 'upstoxCANARYsecret42' };
const FYERS = { app_id: 'FAKEAPP01-100', app_secret: 'fyersCANARYsecret42', pin: '4321' };
const DHAN = { client_id: '1100012345', pin: '246810', totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const CASH = { upstox: 150_000, fyers: 120_000, dhan: 90_000 } as const;
/** The broker's own user id, which the account shows once logged in (Dhan's is the client id). */
const UPSTOX_USER_ID = 'UPX7788';
const FYERS_USER_ID = 'FY7788';

let upstox: UpstoxFake;
let fyers: FyersFake;
let dhan: DhanFake;

/** The sample master with SBIN addressable at the three brokers, stored where the daily refresh stores it. */
async function storeMasterWithBrokerAddresses(): Promise<void> {
  const sample = masterFileSchema.parse(JSON.parse(await sampleMasterSource.read()));
  const withAddresses = (instrument: Instrument): Instrument =>
    instrument.script_id === 'NSE:SBIN' ? { ...instrument, broker_tokens: { ...instrument.broker_tokens, ...SBIN_ADDRESSES } } : instrument;
  const store = await configuredMasterStore();
  if (!store) throw new Error('the integration environment has no master store');
  await store.write(masterKeys.current, serialiseMasterFile({ ...sample, source: 'broker-more-accounts', instruments: sample.instruments.map(withAddresses) }));
  await reloadInstrumentMaster();
}

beforeAll(storeMasterWithBrokerAddresses);

/** Fresh fakes per test: each holds one broker user, whose book and positions hold only what the test placed. */
beforeEach(async () => {
  [upstox, fyers, dhan] = await Promise.all([
    startUpstoxFake({
      apiKey: UPSTOX.api_key,
      apiSecret: UPSTOX.api_secret,
      userId: UPSTOX_USER_ID,
      instruments: [{ instrumentKey: SBIN_AT.upstoxKey, tradingSymbol: 'SBIN', lastPrice: SBIN_LAST_PRICE }],
      availableCash: CASH.upstox,
    }),
    startFyersFake({
      appId: FYERS.app_id,
      appSecret: FYERS.app_secret,
      pin: FYERS.pin,
      fyId: FYERS_USER_ID,
      instruments: [{ symbol: SBIN_AT.fyersTicker, fyToken: '10100000003045', exchange: 10, segment: 10, lotSize: 1, lastPrice: SBIN_LAST_PRICE }],
      availableCash: CASH.fyers,
    }),
    startDhanFake({
      clientId: DHAN.client_id,
      pin: DHAN.pin,
      totpSecret: DHAN.totp_secret,
      instruments: [{ exchangeSegment: 'NSE_EQ', securityId: SBIN_AT.dhanSecurityId, tradingSymbol: 'SBIN', lastPrice: SBIN_LAST_PRICE }],
      availableCash: CASH.dhan,
    }),
  ]);
  process.env[BROKER_ENDPOINT_ENV.upstoxApi] = upstox.apiUrl;
  process.env[BROKER_ENDPOINT_ENV.upstoxOrderApi] = upstox.orderUrl;
  process.env[BROKER_ENDPOINT_ENV.fyersApi] = fyers.url;
  process.env[BROKER_ENDPOINT_ENV.dhanApi] = dhan.url;
  process.env[BROKER_ENDPOINT_ENV.dhanAuth] = dhan.url;
});
afterEach(async () => {
  await Promise.all([upstox.stop(), fyers.stop(), dhan.stop()]);
});

const post = (who: TestUser, path: string, body: unknown, host = TENANT_HOST): Promise<ApiAnswer> =>
  api.call('POST', `/users/broker/${path}`, { token: who.token, body, host });

const errorOf = (answer: ApiAnswer) => z.object({ error: z.object({ message: z.string() }) }).parse(answer.body).error.message;
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

const connectedSchema = z.object({ account: brokerAccountSchema, login_url: z.string().nullable() });
type Connected = z.infer<typeof connectedSchema>;

const connect = (who: TestUser, broker: BrokerKind, credentials: Record<string, string>) => post(who, 'connectbroker', { broker, credentials });
const completeLogin = (who: TestUser, brokerId: string, token: string, host = TENANT_HOST) =>
  post(who, 'completebrokerlogin', { broker_id: brokerId, request_token: token }, host);

/** The account's item as stored, raw: what an attacker with table access would see. */
async function storedItem(who: TestUser, brokerId: string): Promise<Record<string, unknown>> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: brokerAccountKeys.item(who.user.frch_id, who.user.user_id, brokerId), ConsistentRead: true }),
  );
  return Item ?? {};
}

/** The session tokens as the platform opens them (it holds them only sealed). */
async function openedSession(who: TestUser, brokerId: string): Promise<Record<string, string>> {
  const account = await getBrokerAccount(ownerOf(who), brokerId);
  const tokens = account ? await openSession(ownerOf(who), account) : null;
  if (!tokens) throw new Error(`account ${brokerId} has no session`);
  return tokens;
}

/** Every token the platform keeps is sealed: the item holds none of them in the clear. */
async function expectSealedSession(who: TestUser, brokerId: string, brokerToken: string | null): Promise<void> {
  const tokens = await openedSession(who, brokerId);
  if (brokerToken !== null) expect(tokens.access_token).toBe(brokerToken);
  const item = JSON.stringify(await storedItem(who, brokerId));
  expect(item).toContain('sealed_session');
  for (const [name, token] of Object.entries(tokens)) {
    if (name.endsWith('_until')) continue; // a time (Fyers access_valid_until), not a secret
    expect(item.includes(token), `${name} stored in the clear`).toBe(false);
  }
}

function loginUrlOf(connected: Connected): URL {
  expect(connected.login_url).not.toBeNull();
  return new URL(connected.login_url ?? '');
}

/** An Upstox account as the redirect leaves it: the dialog's code exchanged, the session stored. */
async function connectedUpstox(who: TestUser): Promise<BrokerAccount> {
  const { account } = dataOf(await connect(who, 'upstox', UPSTOX), connectedSchema);
  return dataOf(await completeLogin(who, account.broker_id, upstox.issueAuthCode(REDIRECT_URI)), brokerAccountSchema);
}

async function connectedFyers(who: TestUser): Promise<BrokerAccount> {
  const { account } = dataOf(await connect(who, 'fyers', FYERS), connectedSchema);
  return dataOf(await completeLogin(who, account.broker_id, fyers.issueAuthCode()), brokerAccountSchema);
}

async function connectedDhan(who: TestUser): Promise<BrokerAccount> {
  return dataOf(await connect(who, 'dhan', DHAN), connectedSchema).account;
}

describe('Upstox accounts (OAuth redirect, against the Upstox fake)', () => {
  it("answers Upstox's dialog for the tenant's redirect URL, and connects with the code the redirect carried", async () => {
    const alice = await createTestUser();
    const connected = dataOf(await connect(alice, 'upstox', UPSTOX), connectedSchema);
    expect(connected.account).toMatchObject({ broker: 'upstox', status: 'available', credentials_configured: true, session_valid_until: null });
    const url = loginUrlOf(connected);
    expect(`${url.origin}${url.pathname}`).toBe(`${upstox.apiUrl}/v2/login/authorization/dialog`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: UPSTOX.api_key,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      state: connected.account.broker_id,
    });

    const account = dataOf(await completeLogin(alice, connected.account.broker_id, upstox.issueAuthCode(REDIRECT_URI)), brokerAccountSchema);
    expect(account).toMatchObject({ broker_id: connected.account.broker_id, status: 'connected', broker_user_id: UPSTOX_USER_ID });
    // Upstox tokens die at 03:30 IST (22:00 UTC) whenever they were made.
    const validUntil = new Date(account.session_valid_until ?? '');
    expect([validUntil.getUTCHours(), validUntil.getUTCMinutes()]).toEqual([22, 0]);
    await expectSealedSession(alice, account.broker_id, upstox.accessToken());
  });

  it('refuses a code that was already used with a 422 naming the login, and leaves the account connected', async () => {
    const alice = await createTestUser();
    const { account } = dataOf(await connect(alice, 'upstox', UPSTOX), connectedSchema);
    const code = upstox.issueAuthCode(REDIRECT_URI);
    dataOf(await completeLogin(alice, account.broker_id, code), brokerAccountSchema);
    const sessionBefore = (await storedItem(alice, account.broker_id)).sealed_session;

    const reused = await completeLogin(alice, account.broker_id, code);
    expect(reused.status).toBe(422);
    expect(errorOf(reused)).toMatch(/^Upstox login failed/);
    expect((await storedItem(alice, account.broker_id)).sealed_session).toEqual(sessionBefore);
  });

  it('exchanges the code with the redirect URL of the host the login completes on (Upstox checks it)', async () => {
    const alice = await createTestUser();
    const { account } = dataOf(await connect(alice, 'upstox', UPSTOX), connectedSchema);
    const elsewhere = await completeLogin(alice, account.broker_id, upstox.issueAuthCode(REDIRECT_URI), 'other.example.test');
    expect(elsewhere.status).toBe(422);
    expect(errorOf(elsewhere)).toMatch(/^Upstox login failed/);
    expect(dataOf(await post(alice, 'getbrokerinfo', { broker_id: account.broker_id }), brokerAccountSchema).status).toBe('available');
  });

  it('reconnects through the dialog again (Upstox has no refresh token)', async () => {
    const alice = await createTestUser();
    const account = await connectedUpstox(alice);
    const again = dataOf(await post(alice, 'reconnect', { broker_id: account.broker_id }), connectedSchema);
    expect(again.account.status).toBe('connected');
    expect(loginUrlOf(again).searchParams.get('state')).toBe(account.broker_id);
    expect(loginUrlOf(again).searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
  });
});

describe('Fyers accounts (login redirect and refresh token, against the Fyers fake)', () => {
  it("answers Fyers' login page for the tenant's redirect URL, and connects with the auth code", async () => {
    const alice = await createTestUser();
    const connected = dataOf(await connect(alice, 'fyers', FYERS), connectedSchema);
    expect(connected.account).toMatchObject({ broker: 'fyers', status: 'available', credentials_configured: true });
    const url = loginUrlOf(connected);
    expect(`${url.origin}${url.pathname}`).toBe(`${fyers.url}/api/v3/generate-authcode`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: FYERS.app_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      state: connected.account.broker_id,
    });

    const account = dataOf(await completeLogin(alice, connected.account.broker_id, fyers.issueAuthCode()), brokerAccountSchema);
    expect(account).toMatchObject({ status: 'connected', broker_user_id: FYERS_USER_ID });
    // The account stays usable for as long as the 15-day refresh token can renew the daily access token.
    expect(Date.parse(account.session_valid_until ?? '') - nowMs()).toBeGreaterThan(14 * 86_400_000);
    await expectSealedSession(alice, account.broker_id, fyers.accessToken());
  });

  it('refuses an auth code that was already used with a 422 naming the login', async () => {
    const alice = await createTestUser();
    const { account } = dataOf(await connect(alice, 'fyers', FYERS), connectedSchema);
    const code = fyers.issueAuthCode();
    dataOf(await completeLogin(alice, account.broker_id, code), brokerAccountSchema);
    const reused = await completeLogin(alice, account.broker_id, code);
    expect(reused.status).toBe(422);
    expect(errorOf(reused)).toMatch(/^Fyers login failed/);
  });

  it('reconnects with the refresh token while it is valid, and answers the login page once it is not', async () => {
    const alice = await createTestUser();
    const account = await connectedFyers(alice);
    const firstToken = fyers.accessToken();

    const renewed = dataOf(await post(alice, 'reconnect', { broker_id: account.broker_id }), connectedSchema);
    expect(renewed).toMatchObject({ account: { status: 'connected' }, login_url: null });
    expect(fyers.server.callCount('refresh')).toBe(1);
    expect(fyers.accessToken()).not.toBe(firstToken);
    await expectSealedSession(alice, account.broker_id, fyers.accessToken());

    fyers.expireRefreshToken();
    const lapsed = dataOf(await post(alice, 'reconnect', { broker_id: account.broker_id }), connectedSchema);
    expect(`${loginUrlOf(lapsed).origin}${loginUrlOf(lapsed).pathname}`).toBe(`${fyers.url}/api/v3/generate-authcode`);
  });
});

describe('Dhan accounts (TOTP login, against the Dhan fake)', () => {
  it('logs in at once with client id, PIN and TOTP, storing the session sealed', async () => {
    const alice = await createTestUser();
    const connected = dataOf(await connect(alice, 'dhan', DHAN), connectedSchema);
    expect(connected).toMatchObject({ account: { broker: 'dhan', status: 'connected', broker_user_id: DHAN.client_id }, login_url: null });
    expect(dhan.server.callCount('token')).toBe(1);
    await expectSealedSession(alice, connected.account.broker_id, null);
  });

  it.each([
    ['a wrong PIN', { ...DHAN, pin: '999999' }],
    ['a TOTP from another secret', { ...DHAN, totp_secret: 'KRUGS4ZANFZSAYJAONSWG4TFOQQQ' }],
  ])('refuses %s with 422 and stores nothing', async (_case, credentials) => {
    const alice = await createTestUser();
    const answer = await connect(alice, 'dhan', credentials);
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toMatch(/^Dhan login failed/);
    expect(await listBrokerAccounts(ownerOf(alice))).toEqual([]);
  });

  it('reconnects by logging in again with the stored credentials', async () => {
    const alice = await createTestUser();
    const account = await connectedDhan(alice);
    const before = await openedSession(alice, account.broker_id);
    const again = dataOf(await post(alice, 'reconnect', { broker_id: account.broker_id }), connectedSchema);
    expect(again).toMatchObject({ account: { status: 'connected' }, login_url: null });
    expect(dhan.server.callCount('token')).toBe(2);
    expect((await openedSession(alice, account.broker_id)).access_token).not.toBe(before.access_token);
  });
});

interface BrokerUnderTest {
  readonly broker: 'upstox' | 'fyers' | 'dhan';
  readonly connected: (who: TestUser) => Promise<BrokerAccount>;
  /** The price of an order as the broker holds it now. */
  readonly priceAtBroker: (brokerOrderId: string) => number | undefined;
}

const BROKERS_UNDER_TEST: readonly BrokerUnderTest[] = [
  { broker: 'upstox', connected: connectedUpstox, priceAtBroker: (id) => upstox.orders().find((order) => order.order_id === id)?.price },
  { broker: 'fyers', connected: connectedFyers, priceAtBroker: (id) => fyers.orders().find((order) => order.id === id)?.limitPrice },
  { broker: 'dhan', connected: connectedDhan, priceAtBroker: (id) => dhan.orders().find((order) => order.orderId === id)?.price },
];

function ticket(brokerId: string, fields: Record<string, unknown> = {}) {
  return {
    broker_id: brokerId,
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'DELIVERY',
    quantity: 1,
    idempotency_key: `key-${randomUUID()}`,
    ...fields,
  };
}
const placed = async (who: TestUser, body: unknown) => dataOf(await post(who, 'direct/placeorder', body), placedOrderSchema).order;
const positionsOf = async (who: TestUser, brokerId: string) => dataOf(await post(who, 'getbrokerpositions', { broker_id: brokerId }), accountPositionsSchema).positions;

describe.each(BROKERS_UNDER_TEST)('$broker: trading through the platform', ({ broker, connected, priceAtBroker }) => {
  it('reads funds, places, modifies and cancels a LIMIT order, fills a MARKET one, lists both and squares the position off', async () => {
    const alice = await createTestUser();
    const { broker_id: brokerId } = await connected(alice);
    const refreshed = dataOf(await post(alice, 'refresh', { broker_id: brokerId }), brokerAccountSchema);
    expect(refreshed).toMatchObject({ status: 'connected', funds: { available: CASH[broker], used: 0 } });
    dataOf(await post(alice, 'updatebrokertradingflag', { broker_id: brokerId, trading_enabled: true }), brokerAccountSchema);

    const limit = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: 800 }));
    expect(limit).toMatchObject({ status: 'pending', submission: 'SUBMITTED', order_type: 'LIMIT', price: 800 });
    const limitId = limit.broker_order_id ?? '';
    expect(priceAtBroker(limitId)).toBe(800);
    const change = (fields: Record<string, unknown>) => post(alice, 'direct/updatebrokerorder', { broker_id: brokerId, broker_order_id: limitId, ...fields });
    const modified = dataOf(await change({ action: 'modify', price: 801.5 }), orderSchema);
    expect(modified).toMatchObject({ order_id: limit.order_id, status: 'pending', price: 801.5 });
    expect(priceAtBroker(limitId)).toBe(801.5);
    expect(dataOf(await change({ action: 'cancel' }), orderSchema)).toMatchObject({ order_id: limit.order_id, status: 'cancelled' });

    const market = await placed(alice, ticket(brokerId, { quantity: 3 }));
    // Answered once the broker accepted (one call); the fill follows, here on the next read of the book.
    expect(market).toMatchObject({ status: 'pending', submission: 'SUBMITTED', filled_quantity: 0 });

    const { orders } = dataOf(await post(alice, 'getbrokerorderbook', { broker_id: brokerId }), accountOrderBookSchema);
    const byOrderId = (orderId: string) => orders.find((row) => row.order_id === orderId);
    expect(orders).toHaveLength(2);
    expect(byOrderId(limit.order_id)).toMatchObject({ broker_order_id: limitId, status: 'cancelled', order_type: 'LIMIT', price: 801.5, script_id: 'NSE:SBIN' });
    expect(byOrderId(market.order_id)).toMatchObject({ broker_order_id: market.broker_order_id, status: 'completed', filled_quantity: 3, script_id: 'NSE:SBIN' });

    expect(await positionsOf(alice, brokerId)).toEqual([
      expect.objectContaining({ script_id: 'NSE:SBIN', trading_symbol: 'SBIN', exchange: 'NSE', product: 'DELIVERY', net_quantity: 3, lot_size: 1 }),
    ]);

    const squared = dataOf(await post(alice, 'direct/squareoff', { broker_id: brokerId, script_id: 'NSE:SBIN', product: 'DELIVERY' }), squaredOffSchema);
    expect(squared.orders).toEqual([
      expect.objectContaining({ transaction_type: 'SELL', order_type: 'MARKET', product: 'DELIVERY', quantity: 3, status: 'pending', submission: 'SUBMITTED' }),
    ]);
    expect((await positionsOf(alice, brokerId)).map((row) => [row.script_id, row.net_quantity])).toEqual([['NSE:SBIN', 0]]);
  });
});

describe("another user's account", () => {
  it.each(BROKERS_UNDER_TEST)('$broker: is 404 on completebrokerlogin, placeorder and getbrokerpositions, and nothing reaches the broker', async ({ broker }) => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const credentials = { upstox: UPSTOX, fyers: FYERS, dhan: DHAN }[broker];
    const { account } = dataOf(await connect(alice, broker, credentials), connectedSchema);
    const callsBefore = { upstox: upstox.totalCalls(), fyers: fyers.server.calls.length, dhan: dhan.server.calls.length };

    const answers = [
      await completeLogin(mallory, account.broker_id, 'stolenlogincode1234'),
      await post(mallory, 'direct/placeorder', ticket(account.broker_id)),
      await post(mallory, 'getbrokerpositions', { broker_id: account.broker_id }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    expect({ upstox: upstox.totalCalls(), fyers: fyers.server.calls.length, dhan: dhan.server.calls.length }).toEqual(callsBefore);
    expect(dataOf(await post(alice, 'getbrokerinfo', { broker_id: account.broker_id }), brokerAccountSchema).status).toBe(account.status);
  });
});

describe('secrets never leave the server', () => {
  it("keeps the three brokers' app secrets, TOTP secret and session tokens out of answers, logs and the table", async () => {
    const alice = await createTestUser();
    const accounts = [await connectedUpstox(alice), await connectedFyers(alice), await connectedDhan(alice)];
    const answers: string[] = [];
    for (const { broker_id: brokerId } of accounts) {
      for (const call of ['refresh', 'reconnect', 'getbrokerinfo']) answers.push((await post(alice, call, { broker_id: brokerId })).text);
    }
    answers.push((await api.call('GET', '/users/broker/getbrokers', { token: alice.token, host: TENANT_HOST })).text);
    const sessions = await Promise.all(accounts.map((account) => openedSession(alice, account.broker_id)));
    const tokens = sessions.flatMap((tokens) => [tokens.access_token, tokens.refresh_token]).filter((token): token is string => token !== undefined);
    expect(tokens).toHaveLength(4);
    const { Items = [] } = await dynamo().send(
      new QueryCommand({ TableName: config().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userKeys.partition(alice.user.frch_id, alice.user.user_id) } }),
    );
    const table = JSON.stringify(Items);
    const logs = capturedLogs.join('\n');

    // The Upstox API key and Fyers app id are OAuth client ids: the brokers' login pages take them in the URL.
    for (const secret of [UPSTOX.api_secret, FYERS.app_secret, DHAN.totp_secret, ...tokens]) {
      const name = `${secret.slice(0, 4)}…`;
      expect(answers.some((text) => text.includes(secret)), `an answer holds ${name}`).toBe(false);
      expect(logs.includes(secret), `the log holds ${name}`).toBe(false);
      expect(table.includes(secret), `the table holds ${name}`).toBe(false);
    }
    expect(table.includes(UPSTOX.api_key), 'the table holds the Upstox API key').toBe(false);
  });
});
