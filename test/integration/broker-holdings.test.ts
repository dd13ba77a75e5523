import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { accountHoldingsSchema, accountPositionsSchema, orderMarginSchema } from '../../shared/contracts/broker-trading';
import { placedOrderSchema } from '../../shared/contracts/orders';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { updateBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { changeSincePreviousClose, findScript, lastTradedPrices } from '../../functions/market/ltp';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { issueToken } from '../../functions/platform/auth/tokens';
import { useClock } from '../../functions/platform/clock';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Issue 16's holdings and order-margin calls through the gateway: a paper account whose DELIVERY buy
 * becomes a holding when the clock moves to the next day (and sells out of it), its margin before an
 * order, a Zerodha account against the Kite fake, bad input, and other users' accounts.
 */
process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');

const api = useGateway();
const KITE = { api_key: 'kiteholdingskey21', api_secret: 'kiteHoldingsSecret0123456789abcd' };
/** A Wednesday and the Thursday after it, 10:00 IST: fixed, so no test depends on today's date. */
const DAY_ONE = new Date('2025-11-19T04:30:00.000Z');
const DAY_TWO = new Date('2025-11-20T04:30:00.000Z');

let now = DAY_ONE;
let restoreClock: () => void = () => undefined;
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
  restoreClock = useClock(() => now);
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
});
afterAll(() => {
  restoreClock();
  restoreSettings();
});
beforeEach(() => {
  now = DAY_ONE;
});

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', `/users/broker/${path}`, { token: who.token, body });
const holdingsOf = async (who: TestUser, brokerId: string) => dataOf(await post(who, 'getbrokerholdings', { broker_id: brokerId }), accountHoldingsSchema);
const marginOf = async (who: TestUser, body: Record<string, unknown>) => dataOf(await post(who, 'getordermargin', body), orderMarginSchema);
const ticket = (brokerId: string, fields: Record<string, unknown> = {}) => ({
  broker_id: brokerId,
  script_id: 'NSE:SBIN',
  transaction_type: 'BUY',
  order_type: 'MARKET',
  product: 'DELIVERY',
  quantity: 3,
  ...fields,
});
const placed = async (who: TestUser, body: Record<string, unknown>) =>
  dataOf(await post(who, 'direct/placeorder', { ...body, idempotency_key: `key-${randomUUID()}` }), placedOrderSchema).order;

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, 'connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, 'updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

/** The same user the next day: yesterday's token has expired, so they sign in again. */
async function nextDay(who: TestUser): Promise<TestUser> {
  now = DAY_TWO;
  return { ...who, token: (await issueToken(who.user.user_id, who.user.frch_id)).token };
}

describe('paper account: holdings across a day change', () => {
  it('keeps a DELIVERY buy as a position on its day and as a holding the next, valued at the feed with the day’s change', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const bought = await placed(alice, ticket(brokerId));
    expect(bought.status).toBe('completed');
    const cost = bought.average_price ?? Number.NaN;
    expect(await holdingsOf(alice, brokerId)).toEqual({
      holdings: [],
      totals: { invested: 0, current_value: 0, pnl: 0, pnl_percent: null, day_change: 0 },
      read_at: DAY_ONE.toISOString(),
    });

    const nextDayAlice = await nextDay(alice);
    const sbin = await findScript('NSE:SBIN');
    const lastPrice = (await lastTradedPrices([sbin], DAY_TWO)).get('NSE:SBIN') ?? Number.NaN;
    const previousClose = changeSincePreviousClose(sbin, lastPrice, DAY_TWO).previous_close ?? Number.NaN;
    const { holdings, totals, read_at } = await holdingsOf(nextDayAlice, brokerId);
    expect(read_at).toBe(DAY_TWO.toISOString());
    expect(holdings).toHaveLength(1);
    const [holding] = holdings;
    expect(holding).toMatchObject({ script_id: 'NSE:SBIN', trading_symbol: 'SBIN', exchange: 'NSE', quantity: 3, last_price: lastPrice, previous_close: previousClose });
    expect(holding?.average_price).toBeCloseTo(cost, 2);
    expect(holding?.invested).toBeCloseTo(3 * cost, 2);
    expect(holding?.current_value).toBeCloseTo(3 * lastPrice, 2);
    expect(holding?.pnl).toBeCloseTo(3 * (lastPrice - cost), 2);
    expect(holding?.day_change).toBeCloseTo(3 * (lastPrice - previousClose), 2);
    expect(totals).toMatchObject({ invested: holding?.invested, current_value: holding?.current_value, pnl: holding?.pnl, day_change: holding?.day_change });
    // The day's positions no longer list what settled.
    const positions = dataOf(await post(nextDayAlice, 'getbrokerpositions', { broker_id: brokerId }), accountPositionsSchema);
    expect(positions.positions).toEqual([]);
  });

  it('sells out of the holding the next day: the rest stays held, the sale shows in the day’s positions', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    await placed(alice, ticket(brokerId));
    const nextDayAlice = await nextDay(alice);
    const sold = await placed(nextDayAlice, ticket(brokerId, { transaction_type: 'SELL', quantity: 2 }));
    expect(sold.status).toBe('completed');
    expect((await holdingsOf(nextDayAlice, brokerId)).holdings).toEqual([expect.objectContaining({ script_id: 'NSE:SBIN', quantity: 1 })]);
    const positions = dataOf(await post(nextDayAlice, 'getbrokerpositions', { broker_id: brokerId }), accountPositionsSchema);
    expect(positions.positions).toEqual([expect.objectContaining({ product: 'DELIVERY', net_quantity: 0 })]);
    const tooMany = await placed(nextDayAlice, ticket(brokerId, { transaction_type: 'SELL', quantity: 2 }));
    expect(tooMany).toMatchObject({ status: 'rejected', reason: expect.stringContaining('Insufficient holdings') });
  });
});

describe('order margin before placing', () => {
  it('answers the paper exchange’s margin for the ticket and the funds free, and whether it fits', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    expect(await marginOf(alice, ticket(brokerId, { order_type: 'LIMIT', price: 800, quantity: 10 }))).toEqual({
      required: 8_000,
      available: 1_000_000,
      fits: true,
      shortfall: 0,
      read_at: DAY_ONE.toISOString(),
    });
    expect(await marginOf(alice, ticket(brokerId, { order_type: 'LIMIT', price: 800, quantity: 2_000, product: 'INTRADAY' }))).toMatchObject({
      required: 320_000,
      fits: true,
    });
    expect(await marginOf(alice, ticket(brokerId, { order_type: 'LIMIT', price: 800, quantity: 2_000 }))).toMatchObject({
      required: 1_600_000,
      available: 1_000_000,
      fits: false,
      shortfall: 600_000,
    });
    // Nothing was placed.
    const book = await post(alice, 'getbrokerorderbook', { broker_id: brokerId });
    expect((book.body as { data: { orders: unknown[] } }).data.orders).toEqual([]);
  });

  it('needs nothing to sell shares held', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    await placed(alice, ticket(brokerId));
    const nextDayAlice = await nextDay(alice);
    expect(await marginOf(nextDayAlice, ticket(brokerId, { transaction_type: 'SELL', order_type: 'LIMIT', price: 800 }))).toMatchObject({ required: 0, fits: true });
  });

  it('refuses a ticket that breaks the order rules or the contract, and an unknown script', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    expect(expectError(await post(alice, 'getordermargin', ticket(brokerId, { order_type: 'LIMIT' })), 400).message).toBe('A LIMIT order needs a price.');
    expectError(await post(alice, 'getordermargin', ticket(brokerId, { quantity: 0 })), 400);
    expectError(await post(alice, 'getordermargin', ticket(brokerId, { product: 'CARRYFORWARD' })), 400);
    expectError(await post(alice, 'getordermargin', { ...ticket(brokerId), idempotency_key: 'key-12345678' }), 400);
    expectError(await post(alice, 'getordermargin', ticket(brokerId, { script_id: 'NSE:NOSUCHSCRIPT' })), 404, 'Unknown script');
    expectError(await post(alice, 'getbrokerholdings', { broker_id: 'not-an-id' }), 400);
  });
});

describe("other users' and unusable accounts", () => {
  it("answers 404 for another user's account, and the order path's 422 for one not connected", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    expectError(await post(mallory, 'getbrokerholdings', { broker_id: brokerId }), 404);
    expectError(await post(mallory, 'getordermargin', ticket(brokerId)), 404);

    await updateBrokerAccount({ frchId: alice.user.frch_id, userId: alice.user.user_id }, brokerId, { set: { status: 'expired' } }, { statuses: ['connected'] });
    expectError(await post(alice, 'getbrokerholdings', { broker_id: brokerId }), 422, 'This broker account is not connected. Connect it again to trade.');
    expectError(await post(alice, 'getordermargin', ticket(brokerId)), 422);
  });
});

describe('Zerodha account (Kite fake)', () => {
  let kite: KiteFake;
  beforeEach(async () => {
    kite = await startKiteFake({
      apiKey: KITE.api_key,
      apiSecret: KITE.api_secret,
      instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779_521, lastPrice: 812.35 }],
      availableCash: 60_000,
      holdings: [
        { exchange: 'NSE', symbol: 'SBIN', quantity: 4, t1Quantity: 1, averagePrice: 780, closePrice: 800 },
        { exchange: 'NSE', symbol: 'ZZDELISTED', quantity: 2, averagePrice: 10 },
      ],
    });
    process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
  });
  afterEach(() => kite.stop());

  async function kiteAccount(who: TestUser): Promise<string> {
    const { account } = dataOf(await post(who, 'connectbroker', { broker: 'zerodha', credentials: KITE }), z.object({ account: brokerAccountSchema }));
    dataOf(await post(who, 'completebrokerlogin', { broker_id: account.broker_id, request_token: kite.issueRequestToken() }), brokerAccountSchema);
    return account.broker_id;
  }

  it("values Kite's holdings server-side, naming what the master knows and keeping the broker's symbol otherwise", async () => {
    const alice = await createTestUser();
    const brokerId = await kiteAccount(alice);
    const { holdings, totals } = await holdingsOf(alice, brokerId);
    expect(holdings).toEqual([
      {
        script_id: 'NSE:SBIN',
        trading_symbol: 'SBIN',
        exchange: 'NSE',
        isin: expect.any(String),
        quantity: 5,
        average_price: 780,
        last_price: 812.35,
        previous_close: 800,
        invested: 3_900,
        current_value: 4_061.75,
        pnl: 161.75,
        pnl_percent: 4.15,
        day_change: 61.75,
        day_change_percent: 1.54,
      },
      // Kite quotes a script it no longer lists at its cost (no last price of its own in the fake): no day's change.
      expect.objectContaining({ script_id: null, trading_symbol: 'ZZDELISTED', quantity: 2, previous_close: null, day_change: null }),
    ]);
    expect(totals).toMatchObject({ invested: 3_920, day_change: 61.75 });
  });

  it("asks Kite's margin calculator and reads what is free from the account's funds", async () => {
    const alice = await createTestUser();
    const brokerId = await kiteAccount(alice);
    expect(await marginOf(alice, ticket(brokerId, { order_type: 'LIMIT', price: 800, quantity: 10 }))).toMatchObject({
      required: 8_000,
      available: 60_000,
      fits: true,
    });
    expect(await marginOf(alice, ticket(brokerId, { order_type: 'LIMIT', price: 800, quantity: 100 }))).toMatchObject({ fits: false, shortfall: 20_000 });
    expect(kite.orders()).toHaveLength(0);
  });

  it("passes on an expired Kite session as the broker's log-in-again message", async () => {
    const alice = await createTestUser();
    const brokerId = await kiteAccount(alice);
    kite.invalidateSession();
    const answer = await post(alice, 'getbrokerholdings', { broker_id: brokerId });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.text).toContain('Broker session expired. Please log in to the broker again.');
  });
});
