import { createServer } from 'node:http';
import { nowMs } from '../../functions/platform/clock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { BrokerHttpClient } from '../../functions/broker-adapters/http/broker-http-client';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { TransportFailure } from '../../functions/broker-adapters/http/transport-failure';
import { KiteAdapter } from '../../functions/broker-adapters/zerodha/kite-adapter';
import type { Instrument } from '../../shared/domain/instruments';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';

const infy: Instrument = {
  script_id: 'NSE:INFY',
  exchange: 'NSE',
  trading_symbol: 'INFY',
  name: 'INFOSYS',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: { zerodha: '408065' },
};

let fake: KiteFake;
let agents: KeepAliveAgentPool;
let sleeps: number[];

const clientFor = (baseUrl: string, timeoutMs = 1_000) =>
  new BrokerHttpClient(
    { baseUrl, timeoutMs, maxSockets: 4, idleSocketMs: 10_000 },
    { agents, retry: { maxAttempts: 3, baseDelayMs: 1 }, sleep: async (ms) => void sleeps.push(ms) },
  );

const kiteHeaders = () => ({ 'X-Kite-Version': '3', Authorization: `token kitekey:${fake.accessToken()}` });

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

beforeEach(async () => {
  fake = await startKiteFake({
    apiKey: 'kitekey',
    apiSecret: 'kitesecret',
    accessToken: 'plumbingtoken',
    instruments: [{ exchange: 'NSE', tradingsymbol: 'INFY', instrumentToken: 408065, lastPrice: 1500 }],
  });
  agents = new KeepAliveAgentPool();
  sleeps = [];
});

afterEach(async () => {
  agents.destroyAll();
  await fake.stop();
});

describe('broker HTTP client', () => {
  it('retries a write that could not connect (it never reached the broker), then gives up', async () => {
    const client = clientFor(`http://127.0.0.1:${await closedPort()}`);
    const sent = client.send({ method: 'POST', path: '/orders/regular', headers: {}, body: 'a=1', mode: 'write' });
    await expect(sent).rejects.toMatchObject({ stage: 'before-send', code: 'ECONNREFUSED' });
    expect(sleeps).toHaveLength(2);
  });

  it('never retries a write that timed out after sending', async () => {
    fake.inject('place', { kind: 'timeout' });
    const sent = clientFor(fake.url, 200).send({ method: 'POST', path: '/orders/regular', headers: kiteHeaders(), body: 'a=1', mode: 'write' });
    await expect(sent).rejects.toBeInstanceOf(TransportFailure);
    await expect(sent).rejects.toMatchObject({ stage: 'after-send', timedOut: true });
    expect(fake.server.callCount('place')).toBe(1);
    expect(sleeps).toHaveLength(0);
  });

  it('never retries a write answered with 5xx, but retries a read answered 503', async () => {
    fake.inject('place', { kind: 'server-error', status: 503 });
    const write = await clientFor(fake.url).send({ method: 'POST', path: '/orders/regular', headers: kiteHeaders(), body: 'a=1', mode: 'write' });
    expect(write.status).toBe(503);
    expect(fake.server.callCount('place')).toBe(1);

    fake.inject('orders', { kind: 'server-error', status: 503 });
    const read = await clientFor(fake.url).send({ method: 'GET', path: '/orders', headers: kiteHeaders(), mode: 'read' });
    expect(read.status).toBe(200);
    expect(fake.server.callCount('orders')).toBe(2);
  });

  it('reuses one kept-alive connection for sequential calls, across clients of the same host', async () => {
    for (let index = 0; index < 20; index += 1) {
      await clientFor(fake.url).send({ method: 'GET', path: '/orders', headers: kiteHeaders(), mode: 'read' });
    }
    expect(fake.server.connectionsOpened()).toBe(1);
  });
});

describe('per-account order limiter, wired through an adapter (real time)', () => {
  it('lets 10 orders through at once and makes the 11th wait for the window, dropping none', async () => {
    const limiters = new LimiterRegistry();
    const session = { apiKey: 'kitekey', accessToken: 'plumbingtoken', userId: 'AB1234', validUntil: nowMs() + 60_000 };
    const twoAdaptersOneAccount = [0, 1].map(
      () => new KiteAdapter({ session, accountKey: 'broker-account-7', endpoint: { baseUrl: fake.url }, limiters, agents }),
    );
    const order = (index: number): OrderRequest => ({
      instrument: infy,
      action: 'BUY',
      orderType: 'MARKET',
      product: 'INTRADAY',
      quantity: 1,
      price: null,
      triggerPrice: null,
      tag: `TBL${index}`,
    });
    const started = nowMs();
    const doneAt = await Promise.all(
      Array.from({ length: 11 }, async (_, index) => {
        const adapter = twoAdaptersOneAccount[index % 2];
        if (!adapter) throw new Error('no adapter');
        await adapter.placeOrder(order(index));
        return nowMs() - started;
      }),
    );
    const sorted = [...doneAt].sort((a, b) => a - b);
    expect(fake.orders()).toHaveLength(11);
    expect(sorted[9]).toBeLessThan(900);
    expect(sorted[10]).toBeGreaterThanOrEqual(990);
  });
});
