import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { pnlSeriesSchema } from '../../shared/contracts/dashboard';
import { orderGroupSchema, positionOutcomeSchema, positionSchema } from '../../shared/contracts/ordermanager';
import { orderDetailsSchema, placedOrderSchema, type Order } from '../../shared/contracts/orders';
import { dashboardSchema, type Dashboard } from '../../shared/contracts/user';
import { createBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { getPosition } from '../../functions/data/ordermanager/position';
import { movePosition } from '../../functions/data/ordermanager/position-changes';
import { findScript, lastTradedPrices } from '../../functions/market/ltp';
import { now as clockNow, useClock } from '../../functions/platform/clock';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { SESSION_ENDED_REASON } from '../../functions/portfolio/account-readings';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The dashboard against a scripted day: two paper accounts with manual orders and order-manager
 * positions (two opened by the order manager, so also in the brokers' net positions), a Zerodha account
 * whose session the broker refuses (not read, its OPEN order-manager position counted on its own), and
 * another user's positions that must never show. Figures are checked against the fills and the feed.
 */
const api = useGateway();
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
});
afterAll(() => restoreSettings());
let restoreClock: () => void = () => undefined;
afterEach(() => restoreClock());

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const dashboardOf = async (who: TestUser): Promise<Dashboard> => dataOf(await api.call('GET', '/users/dashboard', { token: who.token }), dashboardSchema);
const seriesOf = async (who: TestUser, body: Record<string, unknown> = {}) => dataOf(await post(who, '/users/getdashboardpnl', body), pnlSeriesSchema);
const round = (amount: number) => Math.round((amount + Number.EPSILON) * 100) / 100;

async function paperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

/** A Zerodha account that says connected but holds no session: its broker cannot be read. */
async function sessionlessZerodhaAccount(who: TestUser): Promise<string> {
  const brokerId = ulid();
  await createBrokerAccount(
    {
      frch_id: who.user.frch_id,
      user_id: who.user.user_id,
      broker_id: brokerId,
      broker: 'zerodha',
      status: 'connected',
      broker_user_id: 'ZX1234',
      trading_enabled: true,
      auto_renew: false,
      note: '',
      session_valid_until: new Date(clockNow().getTime() + 3_600_000).toISOString(),
      subscription_plan_id: null,
      subscription_started_at: null,
      subscription_expires_at: null,
      subscription_paid_credits: 0,
      funds: null,
    },
    null,
    clockNow(),
  );
  return brokerId;
}

async function place(who: TestUser, brokerId: string, scriptId: string, side: 'BUY' | 'SELL', quantity: number, product = 'INTRADAY'): Promise<Order> {
  const body = { broker_id: brokerId, script_id: scriptId, transaction_type: side, order_type: 'MARKET', product, quantity, idempotency_key: `key-${randomUUID()}` };
  const { order } = dataOf(await post(who, '/users/broker/direct/placeorder', body), placedOrderSchema);
  expect(order.status, order.reason ?? '').toBe('completed');
  return order;
}

async function managedPosition(who: TestUser, ogId: string, brokerId: string, scriptId: string, quantity: number, product = 'INTRADAY') {
  const body = { og_id: ogId, broker_id: brokerId, script_id: scriptId, transaction_type: 'BUY', product, quantity };
  return dataOf(await post(who, '/ordermanager/addposition', body), positionSchema);
}

async function enter(who: TestUser, ogId: string, opId: string): Promise<Order> {
  const outcome = dataOf(await post(who, '/ordermanager/enterposition', { og_id: ogId, op_id: opId }), positionOutcomeSchema);
  expect(outcome.position.op_status).toBe('OPEN');
  return dataOf(await post(who, '/users/getorderdetails', { order_id: outcome.order_id }), orderDetailsSchema);
}

const price = (order: Order) => order.average_price ?? Number.NaN;
const ltpOf = async (scriptId: string) => (await lastTradedPrices([await findScript(scriptId)], clockNow())).get(scriptId) ?? Number.NaN;
const fundsOf = async (who: TestUser, brokerId: string) => dataOf(await post(who, '/users/broker/refresh', { broker_id: brokerId }), brokerAccountSchema).funds;

describe('dashboard: open positions and P&L across accounts and the order manager', () => {
  it('counts what the user holds once, adds up the P&L and margin of the accounts read, and never counts another user', async () => {
    const start = new Date(Math.floor(clockNow().getTime() / 1000) * 1000);
    restoreClock = useClock(start);
    const alice = await createTestUser();
    const bob = await createTestUser();
    const [first, second] = [await paperAccount(alice), await paperAccount(alice)];
    const zerodha = await sessionlessZerodhaAccount(alice);
    const group = dataOf(await post(alice, '/ordermanager/addordergroup', { og_name: 'Dashboard day' }), orderGroupSchema);

    // First account: 10 SBIN by hand and 2 more by the order manager (one net position), INFY bought and sold (flat)
    const sbin = await place(alice, first, 'NSE:SBIN', 'BUY', 10);
    const managedSbin = await managedPosition(alice, group.og_id, first, 'NSE:SBIN', 2);
    const sbinByManager = await enter(alice, group.og_id, managedSbin.op_id);
    const infyBought = await place(alice, first, 'NSE:INFY', 'BUY', 4);
    const infySold = await place(alice, first, 'NSE:INFY', 'SELL', 4);
    // Second account: 3 RELIANCE short by hand, 1 TCS (DELIVERY) by the order manager, one manager position entered and exited
    const reliance = await place(alice, second, 'NSE:RELIANCE', 'SELL', 3);
    const managedTcs = await managedPosition(alice, group.og_id, second, 'NSE:TCS', 1, 'DELIVERY');
    const tcs = await enter(alice, group.og_id, managedTcs.op_id);
    const roundTrip = await managedPosition(alice, group.og_id, second, 'NSE:ITC', 5);
    await enter(alice, group.og_id, roundTrip.op_id);
    dataOf(await post(alice, '/ordermanager/exitposition', { og_id: group.og_id, op_id: roundTrip.op_id }), positionOutcomeSchema);
    // A WAITING manager position (not held) and an OPEN one on the account that cannot be read
    await managedPosition(alice, group.og_id, first, 'NSE:WIPRO', 1);
    const onZerodha = await managedPosition(alice, group.og_id, zerodha, 'NSE:HDFCBANK', 1);
    const stored = await getPosition(ownerOf(alice), group.og_id, onZerodha.op_id);
    expect(await movePosition(ownerOf(alice), stored!, 'OPEN', { action: 'enter', note: 'entered at the broker' }, null)).not.toBeNull();
    // Bob holds positions of his own
    const bobs = await paperAccount(bob);
    await place(bob, bobs, 'NSE:SBIN', 'BUY', 7);
    await place(bob, bobs, 'NSE:TCS', 'SELL', 2);

    // Time moves on: the open positions are valued at the feed's price five minutes later
    restoreClock();
    restoreClock = useClock(new Date(start.getTime() + 5 * 60_000));
    const dashboard = await dashboardOf(alice);

    expect(dashboard.open_positions).toBe(4);
    expect(dashboard.open_positions_detail).toEqual({ broker_positions: 3, order_manager_only: 1, order_manager_in_broker: 2 });
    const sbinAverage = (10 * price(sbin) + 2 * price(sbinByManager)) / 12;
    const firstRealised = round((price(infySold) - price(infyBought)) * 4);
    const firstUnrealised = round((await ltpOf('NSE:SBIN')) * 12 - sbinAverage * 12);
    const secondUnrealised = round(round((await ltpOf('NSE:RELIANCE') - price(reliance)) * -3) + round((await ltpOf('NSE:TCS')) - price(tcs)));
    const byId = new Map(dashboard.pnl.accounts.map((account) => [account.broker_id, account]));
    expect([...byId.keys()].sort()).toEqual([first, second].sort());
    const firstFigures = byId.get(first)!;
    const secondFigures = byId.get(second)!;
    expect(firstFigures).toMatchObject({ open_positions: 1, broker: 'paper' });
    expect(firstFigures.realised_pnl).toBeCloseTo(firstRealised, 2);
    expect(firstFigures.unrealised_pnl).toBeCloseTo(firstUnrealised, 2);
    expect(secondFigures.open_positions).toBe(2);
    expect(secondFigures.unrealised_pnl).toBeCloseTo(secondUnrealised, 2);
    const [firstFunds, secondFunds] = [await fundsOf(alice, first), await fundsOf(alice, second)];
    expect(firstFigures).toMatchObject({ margin_used: firstFunds?.used, margin_available: firstFunds?.available });
    expect(secondFigures).toMatchObject({ margin_used: secondFunds?.used, margin_available: secondFunds?.available });
    expect(dashboard.pnl.total_pnl).toBeCloseTo(firstFigures.total_pnl + secondFigures.total_pnl, 2);
    expect(dashboard.pnl.margin_used).toBeCloseTo(firstFigures.margin_used + secondFigures.margin_used, 2);
    expect(dashboard.pnl.accounts_not_read).toEqual([expect.objectContaining({ broker_id: zerodha, broker: 'zerodha', reason: SESSION_ENDED_REASON })]);
    expect(dashboard.orders_today).toMatchObject({ completed: 8, pending: 0 });

    // Today's P&L line ends where the brokers' figures are (every position was opened today)
    const series = await seriesOf(alice);
    expect(series).toMatchObject({ step_minutes: 1, fills: 8, scripts: 5 });
    expect(series.points.at(-1)?.at).toBe(clockNow().toISOString());
    expect(series.points.at(-1)?.total_pnl).toBeCloseTo(dashboard.pnl.total_pnl, 2);
    expect(series.points.at(-1)?.realised_pnl).toBeCloseTo(dashboard.pnl.realised_pnl, 2);
    const times = series.points.map((point) => Date.parse(point.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const oneAccount = await seriesOf(alice, { broker_id: second });
    expect(oneAccount.fills).toBe(4);
    expect(oneAccount.points.at(-1)?.total_pnl).toBeCloseTo(secondFigures.total_pnl, 2);

    // Bob's dashboard holds only his own
    const bobsDashboard = await dashboardOf(bob);
    expect(bobsDashboard.open_positions).toBe(2);
    expect(bobsDashboard.pnl.accounts.map((account) => account.broker_id)).toEqual([bobs]);
  });

  it("moves the P&L with the price of an open paper position, and refuses bad input and another user's account", async () => {
    const start = new Date(Math.floor(clockNow().getTime() / 1000) * 1000);
    restoreClock = useClock(start);
    const carol = await createTestUser();
    const dave = await createTestUser();
    const account = await paperAccount(carol);
    const bought = await place(carol, account, 'NSE:SBIN', 'BUY', 50);
    const readings: number[] = [];
    for (const minutes of [1, 7, 19]) {
      restoreClock();
      restoreClock = useClock(new Date(start.getTime() + minutes * 60_000));
      const dashboard = await dashboardOf(carol);
      const expected = round((await ltpOf('NSE:SBIN') - price(bought)) * 50);
      expect(dashboard.pnl.unrealised_pnl).toBeCloseTo(expected, 2);
      expect((await seriesOf(carol)).points.at(-1)?.total_pnl).toBeCloseTo(expected, 2);
      readings.push(dashboard.pnl.unrealised_pnl);
    }
    expect(new Set(readings).size).toBeGreaterThan(1);

    const davesAccount = await paperAccount(dave);
    expectError(await post(carol, '/users/getdashboardpnl', { broker_id: davesAccount }), 404);
    expectError(await post(carol, '/users/getdashboardpnl', { broker_id: 'not-an-account' }), 400);
    expectError(await post(carol, '/users/getdashboardpnl', { broker_id: account, user_id: 1 }), 400);
    expect((await api.call('POST', '/users/getdashboardpnl', { body: {} })).status).toBe(401);
    expect((await seriesOf(dave)).points.every((point) => point.total_pnl === 0)).toBe(true);
  });
});
