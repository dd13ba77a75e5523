import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { accountOrderBookSchema, accountPositionsSchema } from '../../shared/contracts/broker-trading';
import { orderSchema, placedOrderSchema } from '../../shared/contracts/orders';
import { ltpQuoteSchema } from '../../shared/contracts/scripts';
import { roundMoney } from '../../functions/broker-adapters/paper/price-math';
import { roundToTick } from '../../shared/domain/tick-math';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { updateBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { getOrder } from '../../functions/data/orders/order';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { issueToken } from '../../functions/platform/auth/tokens';
import { useClock, nowMs } from '../../functions/platform/clock';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/**
 * `/demat/{broker_id}`'s reads (positions, order book) and `/dematconnected`'s end of the login
 * redirect, through the gateway: a paper account traded through the real order path, and a Zerodha
 * account against the Kite Connect fake, with orders placed on the fake behind the platform's back.
 */
process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();
const KITE = { api_key: 'kitetradingkey4321', api_secret: 'kiteTradingSecret0123456789abcdef' };
const SBIN_LAST_PRICE = 812.35;
/** A Kite weekly option the sample master has no Zerodha address for. */
const KITE_WEEKLY = { exchange: 'NFO', tradingsymbol: 'NIFTY26J1324000CE', instrumentToken: 13_500_418, lastPrice: 142.5 };
const SESSION_EXPIRED_MESSAGE = 'Broker session expired. Please log in to the broker again.';

let kite: KiteFake;
let restoreSettings: () => void = () => undefined;

beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
});
afterAll(() => restoreSettings());

/** A fresh Kite per test: its book and positions hold only what the test placed. */
beforeEach(async () => {
  kite = await startKiteFake({
    apiKey: KITE.api_key,
    apiSecret: KITE.api_secret,
    instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779_521, lastPrice: SBIN_LAST_PRICE }, KITE_WEEKLY],
  });
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
});
afterEach(async () => {
  await kite.stop();
});

const errorOf = (answer: ApiAnswer) => z.object({ error: z.object({ message: z.string() }) }).parse(answer.body).error.message;
const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

const positionsOf = async (who: TestUser, brokerId: string) => dataOf(await post(who, '/users/broker/getbrokerpositions', { broker_id: brokerId }), accountPositionsSchema);
const bookOf = async (who: TestUser, brokerId: string) => dataOf(await post(who, '/users/broker/getbrokerorderbook', { broker_id: brokerId }), accountOrderBookSchema);
const completeLogin = (who: TestUser, brokerId: string, token: string) => post(who, '/users/broker/completebrokerlogin', { broker_id: brokerId, request_token: token });

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: connected.account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return connected.account.broker_id;
}

/** A Zerodha account as `connectbroker` leaves it: credentials stored, waiting for the login redirect. */
async function zerodhaAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'zerodha', credentials: KITE }), z.object({ account: brokerAccountSchema }));
  return account.broker_id;
}

async function tradingKiteAccount(who: TestUser): Promise<string> {
  const brokerId = await zerodhaAccount(who);
  dataOf(await completeLogin(who, brokerId, kite.issueRequestToken()), brokerAccountSchema);
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: brokerId, trading_enabled: true }), brokerAccountSchema);
  return brokerId;
}

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
const placed = async (who: TestUser, body: unknown) => dataOf(await post(who, '/users/broker/direct/placeorder', body), placedOrderSchema).order;

/** An order sent straight to Kite (another app, Kite web): the platform never saw it. */
async function placeOnKiteDirectly(form: Record<string, string>): Promise<string> {
  const response = await fetch(`${kite.url}/orders/regular`, {
    method: 'POST',
    headers: { 'x-kite-version': '3', authorization: `token ${KITE.api_key}:${kite.accessToken()}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = z.object({ data: z.object({ order_id: z.string() }) }).parse(await response.json());
  return body.data.order_id;
}

describe('paper account: positions and order book of orders placed through the platform', () => {
  it('shows the net position with its average price, P&L and script, and totals that add up', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const bought = await placed(alice, ticket(brokerId, { quantity: 3 }));
    const sold = await placed(alice, ticket(brokerId, { transaction_type: 'SELL' }));
    expect([bought.status, sold.status]).toEqual(['completed', 'completed']);
    const buyPrice = bought.average_price ?? Number.NaN;
    const sellPrice = sold.average_price ?? Number.NaN;

    const { positions, totals, read_at } = await positionsOf(alice, brokerId);
    expect(positions).toHaveLength(1);
    const [sbin] = positions;
    expect(sbin).toMatchObject({ script_id: 'NSE:SBIN', trading_symbol: 'SBIN', exchange: 'NSE', product: 'DELIVERY', net_quantity: 2, lot_size: 1 });
    expect(sbin?.average_price).toBeCloseTo(buyPrice, 6);
    expect(sbin?.realised_pnl).toBe(roundMoney(sellPrice - buyPrice));
    expect(sbin?.unrealised_pnl).toBeCloseTo(((sbin?.last_price ?? 0) - buyPrice) * 2, 2);
    expect(totals).toEqual({
      realised_pnl: roundMoney(sbin?.realised_pnl ?? 0),
      unrealised_pnl: roundMoney(sbin?.unrealised_pnl ?? 0),
      total_pnl: roundMoney((sbin?.realised_pnl ?? 0) + (sbin?.unrealised_pnl ?? 0)),
    });
    expect(Number.isNaN(Date.parse(read_at))).toBe(false);
  });

  it('lists every order newest first with its platform order id, status and ticket', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const ltp = dataOf(await post(alice, '/scripts/getltp', { script_id: 'NSE:SBIN' }), ltpQuoteSchema).ltp;
    const farBelow = roundToTick(ltp * 0.5, 0.05);
    const filled = await placed(alice, ticket(brokerId, { quantity: 2 }));
    const resting = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: farBelow }));
    const withdrawn = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: farBelow }));
    dataOf(await post(alice, '/users/broker/direct/updateorder', { order_id: withdrawn.order_id, action: 'cancel' }), orderSchema);

    const { orders } = await bookOf(alice, brokerId);
    expect(orders.map((row) => [row.order_id, row.broker_order_id, row.status])).toEqual([
      [withdrawn.order_id, withdrawn.broker_order_id, 'cancelled'],
      [resting.order_id, resting.broker_order_id, 'pending'],
      [filled.order_id, filled.broker_order_id, 'completed'],
    ]);
    expect(orders[1]).toMatchObject({ action: 'BUY', order_type: 'LIMIT', price: farBelow, quantity: 1, filled_quantity: 0, broker_status: 'OPEN', script_id: 'NSE:SBIN', lot_size: 1, tick_size: 0.05 });
    expect(orders[2]).toMatchObject({ action: 'BUY', order_type: 'MARKET', price: null, quantity: 2, filled_quantity: 2, average_price: filled.average_price, product: 'DELIVERY' });
  });

  it("still names the platform order of a row the paper book kept from an earlier day", async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const yesterdays = await placed(alice, ticket(brokerId));
    const nextDay = new Date(nowMs() + 86_400_000);
    const restoreClock = useClock(nextDay);
    try {
      // Yesterday's token has expired by the next day: alice signs in again.
      const nextDayAlice = { ...alice, token: (await issueToken(alice.user.user_id, alice.user.frch_id)).token };
      const { orders } = await bookOf(nextDayAlice, brokerId);
      expect(orders.map((row) => [row.broker_order_id, row.order_id])).toEqual([[yesterdays.broker_order_id, yesterdays.order_id]]);
    } finally {
      restoreClock();
    }
  });

  it('refuses an account that is not connected with the order path\'s 422, and a removed one', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    await updateBrokerAccount(ownerOf(alice), brokerId, { set: { status: 'expired' } }, { statuses: ['connected'] });
    for (const call of ['getbrokerpositions', 'getbrokerorderbook']) {
      const answer = await post(alice, `/users/broker/${call}`, { broker_id: brokerId });
      expect(answer.status, call).toBe(422);
      expect(errorOf(answer)).toBe('This broker account is not connected. Connect it again to trade.');
    }
    const removed = await tradingPaperAccount(alice);
    expect((await post(alice, '/users/broker/removebroker', { broker_id: removed })).status).toBe(200);
    const answer = await post(alice, '/users/broker/getbrokerpositions', { broker_id: removed });
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toBe('This broker account has been removed.');
  });
});

describe('Zerodha account (Kite fake): what the broker holds, placed through the platform or elsewhere', () => {
  it('shows positions from Kite, resolving the scripts the master can address and leaving the others null', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingKiteAccount(alice);
    await placed(alice, ticket(brokerId, { quantity: 2 }));
    await placeOnKiteDirectly({ exchange: 'NFO', tradingsymbol: KITE_WEEKLY.tradingsymbol, transaction_type: 'SELL', quantity: '65', product: 'NRML', order_type: 'MARKET', market_protection: '-1' });

    const { positions } = await positionsOf(alice, brokerId);
    expect(positions).toHaveLength(2);
    expect(positions.find((row) => row.exchange === 'NSE')).toMatchObject({
      script_id: 'NSE:SBIN',
      trading_symbol: 'SBIN',
      product: 'DELIVERY',
      net_quantity: 2,
      lot_size: 1,
      average_price: SBIN_LAST_PRICE,
      last_price: SBIN_LAST_PRICE,
    });
    expect(positions.find((row) => row.exchange === 'NFO')).toMatchObject({
      script_id: null,
      trading_symbol: KITE_WEEKLY.tradingsymbol,
      product: 'CARRYFORWARD',
      net_quantity: -65,
      lot_size: null,
    });
  });

  it("lists an order placed on Kite directly with order_id null, next to the platform's own order", async () => {
    const alice = await createTestUser();
    const brokerId = await tradingKiteAccount(alice);
    const ours = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: 800 }));
    const theirs = await placeOnKiteDirectly({ exchange: 'NSE', tradingsymbol: 'SBIN', transaction_type: 'SELL', quantity: '1', product: 'MIS', order_type: 'LIMIT', price: '900' });

    const { orders } = await bookOf(alice, brokerId);
    expect(orders.map((row) => [row.broker_order_id, row.order_id])).toEqual([
      [theirs, null],
      [ours.broker_order_id, ours.order_id],
    ]);
    expect(orders[0]).toMatchObject({ script_id: 'NSE:SBIN', action: 'SELL', order_type: 'LIMIT', product: 'INTRADAY', price: 900, status: 'pending', broker_status: 'OPEN' });
  });

  it("settles the platform's pending order from the book it reads (accepted, then rejected by RMS)", async () => {
    const alice = await createTestUser();
    const brokerId = await tradingKiteAccount(alice);
    const reason = 'RMS:Margin Exceeds, Required:800, Available:0';
    kite.inject('place', { kind: 'accept-then-reject', reason });
    const order = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: 800 }));
    expect(order).toMatchObject({ status: 'pending', submission: 'SUBMITTED' });

    // The order answered without a read-back: the fake's first book shows it still being validated, the next the RMS rejection.
    expect((await bookOf(alice, brokerId)).orders.find((entry) => entry.order_id === order.order_id)).toMatchObject({ status: 'pending' });
    const row = (await bookOf(alice, brokerId)).orders.find((entry) => entry.order_id === order.order_id);
    expect(row).toMatchObject({ status: 'rejected', reason });
    expect(await getOrder(ownerOf(alice), order.order_id)).toMatchObject({ status: 'rejected', reason });
  });

  it('answers the broker\'s "log in again" when Kite refuses the session, not a 500', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingKiteAccount(alice);
    kite.invalidateSession();
    for (const call of ['getbrokerpositions', 'getbrokerorderbook']) {
      const answer = await post(alice, `/users/broker/${call}`, { broker_id: brokerId });
      expect(answer.status, call).toBe(502);
      expect(errorOf(answer)).toBe(SESSION_EXPIRED_MESSAGE);
    }
  });
});

describe('POST /users/broker/completebrokerlogin', () => {
  it('connects a Zerodha account with the request token from the redirect, and refuses the token a second time', async () => {
    const alice = await createTestUser();
    const brokerId = await zerodhaAccount(alice);
    const token = kite.issueRequestToken();
    const connected = dataOf(await completeLogin(alice, brokerId, token), brokerAccountSchema);
    expect(connected).toMatchObject({ broker_id: brokerId, broker: 'zerodha', status: 'connected', broker_user_id: 'AB1234', credentials_configured: true });
    expect(connected.session_valid_until).not.toBeNull();
    expect(JSON.stringify(connected)).not.toContain(KITE.api_secret);

    const reused = await completeLogin(alice, brokerId, token);
    expect(reused.status).toBe(422);
    expect(errorOf(reused)).toMatch(/^Zerodha login failed: /);
    expect(dataOf(await post(alice, '/users/broker/getbrokerinfo', { broker_id: brokerId }), brokerAccountSchema).status).toBe('connected');
  });

  it('refuses a broker that does not log in by redirect, and a token that is not one', async () => {
    const alice = await createTestUser();
    const paper = await tradingPaperAccount(alice);
    const answer = await completeLogin(alice, paper, kite.issueRequestToken());
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toBe('This broker does not log in by redirect.');

    const zerodha = await zerodhaAccount(alice);
    for (const token of ['abc', 'not a token!', '']) expect((await completeLogin(alice, zerodha, token)).status, token).toBe(400);
  });
});

describe('input and ownership', () => {
  const calls = [
    ['getbrokerpositions', {}],
    ['getbrokerorderbook', {}],
    ['completebrokerlogin', { request_token: 'requesttoken123456' }],
  ] as const;

  it.each(calls)('%s: a missing or malformed broker_id is 400', async (call, extra) => {
    const alice = await createTestUser();
    expect((await post(alice, `/users/broker/${call}`, { ...extra })).status).toBe(400);
    expect((await post(alice, `/users/broker/${call}`, { ...extra, broker_id: 'not-an-account' })).status).toBe(400);
  });

  it.each(calls)("%s: another user's account or an unknown id is 404", async (call, extra) => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const paper = await tradingPaperAccount(alice);
    const zerodha = await zerodhaAccount(alice);
    for (const brokerId of [paper, zerodha, '01ARZ3NDEKTSV4RRFFQ69G5FAV']) {
      const answer = await post(mallory, `/users/broker/${call}`, { ...extra, broker_id: brokerId });
      expect(answer.status, brokerId).toBe(404);
    }
    const stillWaiting = dataOf(await post(alice, '/users/broker/getbrokerinfo', { broker_id: zerodha }), brokerAccountSchema);
    expect(stillWaiting.status).not.toBe('connected');
  });
});
