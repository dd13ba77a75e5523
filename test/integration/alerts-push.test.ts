import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { placedOrderSchema } from '../../shared/contracts/orders';
import type { AlertMessage, RealtimeMessage } from '../../shared/contracts/realtime';
import { createBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { putConnection } from '../../functions/data/connections-repository';
import type { OrderGroupItem } from '../../functions/data/ordermanager/order-group';
import { setRealtimePublisher } from '../../functions/notifications/realtime-publisher';
import { notifyPositionExited } from '../../functions/ordermanager/monitor/monitor-notifications';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { now as clockNow } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { buildPosition } from '../support/builders/position';
import { dataOf } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The alerts the SPA sounds: pushed on the user's realtime connections when an order fills or is
 * rejected, an order-manager position exits on its target or stop-loss, and a broker session ends;
 * never on another user's connections.
 */
const api = useGateway();
const sent: { connectionId: string; message: RealtimeMessage }[] = [];
let restore: (() => void)[] = [];
beforeAll(() => {
  restore = [configureOrderPath({ paperAlwaysOpen: true }), setRealtimePublisher({ send: async (connectionId, message) => (sent.push({ connectionId, message }), 'sent') })];
});
afterAll(() => restore.forEach((undo) => undo()));

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function listening(who: TestUser): Promise<() => AlertMessage[]> {
  const connectionId = `alerts-${randomUUID()}`;
  await putConnection({ connectionId, ...ownerOf(who) });
  return () => sent.filter((entry) => entry.connectionId === connectionId).flatMap(({ message }) => (message.type === 'alert' ? [message] : []));
}

async function paperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

const placeBody = (brokerId: string, quantity: number) => ({
  broker_id: brokerId,
  script_id: 'NSE:SBIN',
  transaction_type: 'BUY',
  order_type: 'MARKET',
  product: 'INTRADAY',
  quantity,
  idempotency_key: `key-${randomUUID()}`,
});

describe('alerts on the realtime channel', () => {
  it("alerts a fill and a rejection once each, on the owner's connections only", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const alicesAlerts = await listening(alice);
    const bobsAlerts = await listening(bob);
    const account = await paperAccount(alice);

    const filled = dataOf(await post(alice, '/users/broker/direct/placeorder', placeBody(account, 2)), placedOrderSchema).order;
    const rejected = dataOf(await post(alice, '/users/broker/direct/placeorder', placeBody(account, 1_000_000)), placedOrderSchema).order;
    await post(alice, '/users/getuserorders', {});

    expect(filled.status).toBe('completed');
    expect(rejected.status).toBe('rejected');
    const accountName = `Paper Trading (${account.slice(-6)})`;
    expect(alicesAlerts()).toEqual([
      expect.objectContaining({ kind: 'fill', account: accountName, side: 'BUY', quantity: 2, trading_symbol: 'SBIN', price: filled.average_price, reason: null }),
      expect.objectContaining({ kind: 'rejection', account: accountName, side: 'BUY', quantity: 1_000_000, trading_symbol: 'SBIN', price: null, reason: rejected.reason }),
    ]);
    expect(bobsAlerts()).toEqual([]);
  });

  it('alerts an order-manager exit on its target or stop-loss, not one the user asked for', async () => {
    const carol = await createTestUser();
    const alerts = await listening(carol);
    const group = { og_name: 'Morning trades' } as OrderGroupItem;
    const exited = { op_status: 'EXITED' as const, trading_symbol: 'SBIN', transaction_type: 'BUY' as const, quantity: 10 };
    await notifyPositionExited(ownerOf(carol), group, buildPosition({ ...exited, exit_leg: 'TGT', exit_avg_price: 830.5 }), createLogger());
    await notifyPositionExited(ownerOf(carol), group, buildPosition({ ...exited, exit_leg: 'SL', exit_avg_price: 801 }), createLogger());
    await notifyPositionExited(ownerOf(carol), group, buildPosition({ ...exited, exit_leg: 'TRADING', exit_avg_price: 815 }), createLogger());
    expect(alerts()).toEqual([
      expect.objectContaining({ kind: 'target-exit', group: 'Morning trades', side: 'BUY', quantity: 10, trading_symbol: 'SBIN', price: 830.5 }),
      expect.objectContaining({ kind: 'stop-loss-exit', group: 'Morning trades', price: 801 }),
    ]);
  });

  it('alerts a broker session that ended', async () => {
    const dave = await createTestUser();
    const alerts = await listening(dave);
    const brokerId = ulid();
    const past = new Date(clockNow().getTime() - 60_000).toISOString();
    const account = {
      frch_id: dave.user.frch_id,
      user_id: dave.user.user_id,
      broker_id: brokerId,
      broker: 'zerodha' as const,
      status: 'connected' as const,
      broker_user_id: 'ZX9876',
      trading_enabled: true,
      auto_renew: false,
      note: '',
      session_valid_until: past,
      subscription_plan_id: null,
      subscription_started_at: null,
      subscription_expires_at: null,
      subscription_paid_credits: 0,
      funds: null,
    };
    await createBrokerAccount(account, null, clockNow());
    const refreshed = dataOf(await post(dave, '/users/broker/refresh', { broker_id: brokerId }), brokerAccountSchema);
    expect(refreshed.status).toBe('expired');
    expect(alerts()).toEqual([expect.objectContaining({ kind: 'session-expired', account: 'Zerodha Kite (ZX9876)', side: null, trading_symbol: null })]);
  });
});
