import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { bridgeSecurityChangeSchema, bridgeSecuritySchema, DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS } from '../../shared/contracts/bridge-security';
import { bridgeWithKeySchema } from '../../shared/contracts/bridge';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { jsonBridgeSchema, jsonBridgeWithKeySchema } from '../../shared/contracts/jsonbridge';
import { orderGroupSchema } from '../../shared/contracts/ordermanager';
import { tradingDay } from '../../shared/domain/market-clock';
import { listAccountOrdersOfDay } from '../../functions/data/orders/order-listing';
import { now, nowMs, useClock } from '../../functions/platform/clock';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { drainThroughWorker } from '../support/signal-worker-drain';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Issue 14: a sender's retry of a body without its own `signal_id` is the same signal for the bridge's
 * retry window (sliding from the first arrival, not a calendar minute), so a retry across a minute
 * boundary places one order; window 0 makes every arrival a signal. Webhook → this file's FIFO queue →
 * the real worker → paper orders, under an injected clock.
 */
const sqsClient = useOwnSignalQueue('signal-retry-window');
const api = useGateway();
const JSON_TYPE = { 'content-type': 'application/json' };
const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const BODY = JSON.stringify({ type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: '1', transaction_type: 'BUY' });

interface Bridge {
  readonly owner: TestUser;
  readonly id: string;
  readonly key: string;
  readonly brokerId: string;
}

async function bridgeOnPaper(owner: TestUser): Promise<Bridge> {
  const { account } = dataOf(await post(owner, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(owner, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  const added = dataOf(await post(owner, '/users/jsonbridge/addjsonbridge', { json_bridge_name: 'Retries' }), jsonBridgeWithKeySchema);
  const group = dataOf(await post(owner, '/ordermanager/addordergroup', { og_name: 'Retry orders' }), orderGroupSchema);
  dataOf(await post(owner, '/users/jsonbridge/connectjsonbridge', { json_bridge_id: added.json_bridge_id, og_id: group.og_id, target_kind: 'account', target_id: account.broker_id }), jsonBridgeSchema);
  return { owner, id: added.json_bridge_id, key: added.webhook_key, brokerId: account.broker_id };
}

const send = (bridge: Bridge, body: string) => api.call('POST', `/users/jsonbridge/webhook/${bridge.id}/${bridge.key}`, { rawBody: body, headers: JSON_TYPE });
const signalIdOf = async (bridge: Bridge, body: string) => dataOf(await send(bridge, body), z.object({ signal_id: z.string() }), 202).signal_id;
const ordersOf = (bridge: Bridge) => listAccountOrdersOfDay({ frchId: bridge.owner.user.frch_id, userId: bridge.owner.user.user_id }, bridge.brokerId, tradingDay(now()));
const setRetryWindow = (bridge: Bridge, seconds: number) =>
  post(bridge.owner, '/users/jsonbridge/updatejsonbridgesecurity', { json_bridge_id: bridge.id, signing: 'keep', allowed_ips: [], retry_window_seconds: seconds });

/** The clock at `ms`, standing still until moved: the test decides every arrival's instant. */
let restoreClock: (() => void) | null = null;
function clockAt(ms: number): void {
  restoreClock?.();
  restoreClock = useClock(new Date(ms));
}
afterEach(() => {
  restoreClock?.();
  restoreClock = null;
});

/** 0.7 s before a minute boundary a little ahead of now (tokens stay valid; the day is the file's). */
function justBeforeAMinuteEnds(): number {
  return Math.ceil(nowMs() / 60_000) * 60_000 + 60_000 - 700;
}

describe('signal retry window (webhook → queue → worker → paper orders)', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
  });

  it('answers a retry across a minute boundary (hh:mm:59.3, then :00.6) with the first signal id and places one order', async () => {
    const bridge = await bridgeOnPaper(owner);
    const start = justBeforeAMinuteEnds();
    clockAt(start);
    const first = await signalIdOf(bridge, BODY);
    clockAt(start + 1_300);
    expect(Math.floor(nowMs() / 60_000)).toBe(Math.floor(start / 60_000) + 1);
    const retry = await signalIdOf(bridge, BODY);
    expect(retry).toBe(first);
    expect(await drainThroughWorker(sqsClient)).toHaveLength(1);
    expect(await ordersOf(bridge)).toHaveLength(1);
  });

  it('slides from the first arrival: the same body a full window later is a new signal, and its own retries join it', async () => {
    const bridge = await bridgeOnPaper(owner);
    dataOf(await setRetryWindow(bridge, 5), bridgeSecurityChangeSchema);
    const start = justBeforeAMinuteEnds();
    clockAt(start);
    const first = await signalIdOf(bridge, BODY);
    clockAt(start + 4_999);
    expect(await signalIdOf(bridge, BODY)).toBe(first);
    clockAt(start + 5_000);
    const second = await signalIdOf(bridge, BODY);
    expect(second).not.toBe(first);
    clockAt(start + 6_000);
    expect(await signalIdOf(bridge, BODY)).toBe(second);
    expect(await drainThroughWorker(sqsClient)).toHaveLength(2);
    expect(await ordersOf(bridge)).toHaveLength(2);
  });

  it('with the window off (0), places an order for every arrival, even two in the same millisecond', async () => {
    const bridge = await bridgeOnPaper(owner);
    expect(dataOf(await setRetryWindow(bridge, 0), bridgeSecurityChangeSchema).retry_window_seconds).toBe(0);
    clockAt(justBeforeAMinuteEnds());
    const ids = [await signalIdOf(bridge, BODY), await signalIdOf(bridge, BODY)];
    expect(new Set(ids).size).toBe(2);
    expect(await drainThroughWorker(sqsClient)).toHaveLength(2);
    expect(await ordersOf(bridge)).toHaveLength(2);
  });

  it('makes ten concurrent arrivals of one body one signal and one order', async () => {
    const bridge = await bridgeOnPaper(owner);
    clockAt(justBeforeAMinuteEnds());
    const ids = await Promise.all(Array.from({ length: 10 }, () => signalIdOf(bridge, BODY)));
    expect(new Set(ids).size).toBe(1);
    expect(await drainThroughWorker(sqsClient)).toHaveLength(1);
    expect(await ordersOf(bridge)).toHaveLength(1);
  });

  it("lets a sender's own signal_id decide over the window: one id past the window, two ids within it", async () => {
    const bridge = await bridgeOnPaper(owner);
    dataOf(await setRetryWindow(bridge, 5), bridgeSecurityChangeSchema);
    const named = (signalId: string) => JSON.stringify({ ...JSON.parse(BODY), signal_id: signalId });
    const start = justBeforeAMinuteEnds();
    clockAt(start);
    const first = await signalIdOf(bridge, named('alert-1'));
    expect(await signalIdOf(bridge, named('alert-2'))).not.toBe(first);
    clockAt(start + 30_000);
    expect(await signalIdOf(bridge, named('alert-1'))).toBe(first);
    expect(await drainThroughWorker(sqsClient)).toHaveLength(2);
    expect(await ordersOf(bridge)).toHaveLength(2);
  });

  it('keeps the window per bridge: default 60, changed when given, kept when left out, refused out of range; another user gets 404', async () => {
    const bridge = await bridgeOnPaper(owner);
    const read = () => post(owner, '/users/jsonbridge/getjsonbridgesecurity', { json_bridge_id: bridge.id });
    expect(dataOf(await read(), bridgeSecuritySchema).retry_window_seconds).toBe(DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS);
    expect(dataOf(await setRetryWindow(bridge, 120), bridgeSecurityChangeSchema).retry_window_seconds).toBe(120);
    const kept = await post(owner, '/users/jsonbridge/updatejsonbridgesecurity', { json_bridge_id: bridge.id, signing: 'keep', allowed_ips: [], signal_validity_seconds: 30 });
    expect(dataOf(kept, bridgeSecurityChangeSchema)).toMatchObject({ retry_window_seconds: 120, signal_validity_seconds: 30 });
    expect(expectError(await setRetryWindow(bridge, -1), 400).details).toEqual([{ path: 'retry_window_seconds', message: 'The retry window cannot be negative (0 turns it off).' }]);
    expect(expectError(await setRetryWindow(bridge, 3601), 400).details).toEqual([{ path: 'retry_window_seconds', message: 'The retry window must be at most 3600 s.' }]);
    const stranger = await createTestUser();
    expectError(await setRetryWindow({ ...bridge, owner: stranger }, 10), 404);
    expect(dataOf(await read(), bridgeSecuritySchema).retry_window_seconds).toBe(120);
  });
});

describe('signal retry window on a custom bridge', () => {
  it('answers a retried direction across a minute boundary with one signal id (an unconnected bridge stores it ignored)', async () => {
    const owner = await createTestUser();
    const added = dataOf(await post(owner, '/users/bridge/adduserbridge', { bridge_name: 'Retry directions' }), bridgeWithKeySchema);
    const send = () => api.call('POST', `/users/bridge/webhook/${added.webhook_key}`, { rawBody: 'BUY', headers: { 'content-type': 'text/plain' } });
    const start = justBeforeAMinuteEnds();
    clockAt(start);
    const first = dataOf(await send(), z.object({ signal_id: z.string() }), 202).signal_id;
    clockAt(start + 1_300);
    expect(dataOf(await send(), z.object({ signal_id: z.string() }), 202).signal_id).toBe(first);
    expect(await drainThroughWorker(sqsClient)).toHaveLength(0);
  });
});
