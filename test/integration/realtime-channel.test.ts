import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/platform/clock';
import { WebSocket } from 'ws';
import { findConnection, listUserConnections, putConnection } from '../../functions/data/connections-repository';
import { issueToken, verifyToken } from '../../functions/platform/auth/tokens';
import { logOut } from '../../functions/auth/log-out';
import { realtimeMessageSchema, type RealtimeMessage } from '../../shared/contracts/realtime';
import { publishToUser } from '../../functions/notifications/realtime-publisher';
import { startGateway, type RunningGateway } from '../../infra/local/gateway';
import { attachRealtimeServer, type RunningRealtimeServer } from '../../infra/local/realtime-server';
import { REALTIME_PATH } from '../../shared/domain/constants';
import { ENV } from '../../shared/config/env-names';
import { ORIGIN_VERIFY_HEADER } from '../../shared/config/headers';
import { resetConfigForTests } from '../../functions/platform/config';
import { resetOriginSecrets } from '../../functions/platform/http/origin-check';
import { createTestUser } from '../support/users';

/** A test client: the socket and every message it received, parsed with the channel's schema. */
interface OpenClient {
  readonly kind: 'open';
  readonly socket: WebSocket;
  readonly received: RealtimeMessage[];
  nextMessage(): Promise<RealtimeMessage>;
  close(): Promise<void>;
}
type ConnectOutcome = OpenClient | { readonly kind: 'refused'; readonly status: number } | { readonly kind: 'failed'; readonly error: Error };

let gateway: RunningGateway | undefined;
let realtime: RunningRealtimeServer | undefined;
const serverErrors: unknown[] = [];

beforeAll(async () => {
  gateway = await startGateway({
    host: '127.0.0.1',
    port: 0,
    web: null,
    files: null,
    runtimeConfig: () => ({ apiBaseUrl: '/api/v4', realtimeUrl: '', captchaSiteKey: '', tenant: 'test' }),
  });
  realtime = attachRealtimeServer(gateway.server, { onError: (error) => serverErrors.push(error) });
});

afterAll(async () => {
  await realtime?.stop();
  await gateway?.stop();
});

function socketUrl(path: string, token: string | undefined): string {
  if (!gateway) throw new Error('gateway not started');
  const url = new URL(path, gateway.url.replace(/^http/, 'ws'));
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

function openClient(socket: WebSocket): OpenClient {
  const received: RealtimeMessage[] = [];
  const waiting: ((message: RealtimeMessage) => void)[] = [];
  let unread = 0;
  socket.on('message', (data) => {
    const message = realtimeMessageSchema.parse(JSON.parse(String(data)));
    received.push(message);
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else unread += 1;
  });
  return {
    kind: 'open',
    socket,
    received,
    nextMessage: () => {
      if (unread > 0) {
        const message = received[received.length - unread];
        unread -= 1;
        if (message) return Promise.resolve(message);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

function connect(options: { token?: string; host?: string; path?: string; headers?: Record<string, string> } = {}): Promise<ConnectOutcome> {
  const socket = new WebSocket(socketUrl(options.path ?? REALTIME_PATH, options.token), {
    headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
  });
  return new Promise((resolve) => {
    socket.once('open', () => resolve(openClient(socket)));
    socket.once('unexpected-response', (request, response) => {
      resolve({ kind: 'refused', status: response.statusCode ?? 0 });
      request.destroy();
    });
    socket.once('error', (error) => resolve({ kind: 'failed', error }));
  });
}

async function connectOpen(token: string, host?: string): Promise<OpenClient> {
  const outcome = await connect({ token, ...(host ? { host } : {}) });
  if (outcome.kind !== 'open') throw new Error(`expected the socket to open, got ${JSON.stringify(outcome)}`);
  return outcome;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = nowMs() + timeoutMs;
  while (!(await check())) {
    if (nowMs() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const notification = (id: string): RealtimeMessage => ({
  type: 'notification',
  id,
  notify_type: 'Broker Connected',
  notified_message: 'Your Paper account is connected.',
  create_time: '2025-11-20 10:15:00',
});

describe('the realtime channel on the local gateway', () => {
  it('accepts a valid token, stores the connection, and answers a ping with a pong', async () => {
    // Prepare
    const { user, token } = await createTestUser();
    const client = await connectOpen(token);
    const [stored] = await listUserConnections(1, user.user_id);
    // Act
    client.socket.send(JSON.stringify({ action: 'ping' }));
    const reply = await client.nextMessage();
    // Assess
    expect(reply).toEqual({ type: 'pong' });
    expect(stored).toMatchObject({ frchId: 1, userId: user.user_id });
    const [touched] = await listUserConnections(1, user.user_id);
    expect(touched && stored && touched.lastSeen >= stored.lastSeen).toBe(true);
    await client.close();
  });

  it('answers an error for an unknown action and for a frame that is not JSON', async () => {
    const { token } = await createTestUser();
    const client = await connectOpen(token);
    client.socket.send(JSON.stringify({ action: 'subscribe', symbol: 'NIFTY' }));
    expect(await client.nextMessage()).toEqual({ type: 'error', message: 'Unknown action' });
    client.socket.send('not json');
    expect(await client.nextMessage()).toEqual({ type: 'error', message: 'Unknown action' });
    await client.close();
  });

  it('refuses the upgrade with 401 for a missing, malformed or expired token and stores nothing', async () => {
    const { user } = await createTestUser();
    const expired = await issueToken(user.user_id, 1, new Date(nowMs() - 24 * 3600 * 1000));
    const outcomes = await Promise.all([connect(), connect({ token: '' }), connect({ token: 'not-a-token' }), connect({ token: expired.token })]);
    for (const outcome of outcomes) expect(outcome).toEqual({ kind: 'refused', status: 401 });
    expect(await listUserConnections(1, user.user_id)).toEqual([]);
  });

  it('refuses the upgrade with 403 when an origin secret is configured and the handshake does not carry it (ADR 0010)', async () => {
    const { token } = await createTestUser();
    process.env[ENV.originSecret] = 'origin-secret-of-the-realtime-test-0123456789abcdef';
    resetConfigForTests();
    resetOriginSecrets();
    try {
      expect(await connect({ token })).toEqual({ kind: 'refused', status: 403 });
      expect(await connect({ token, headers: { [ORIGIN_VERIFY_HEADER]: 'a-guess-0123456789abcdef0123456789abcdef' } })).toEqual({ kind: 'refused', status: 403 });
      const client = await connect({ token, headers: { [ORIGIN_VERIFY_HEADER]: 'origin-secret-of-the-realtime-test-0123456789abcdef' } });
      expect(client.kind).toBe('open');
      if (client.kind === 'open') await client.close();
    } finally {
      delete process.env[ENV.originSecret];
      resetConfigForTests();
      resetOriginSecrets();
    }
  });

  it('refuses the upgrade with 401 for a token that was logged out', async () => {
    const { user, token } = await createTestUser();
    const claims = await verifyToken(token);
    await logOut({ frchId: 1, userId: user.user_id, tokenId: claims.jti, tokenIssuedAt: claims.iat }, false);
    expect(await connect({ token })).toEqual({ kind: 'refused', status: 401 });
    expect(await listUserConnections(1, user.user_id)).toEqual([]);
  });

  it("refuses a token on another franchise's host and accepts it on its own", async () => {
    const { token: tenantOneToken } = await createTestUser({ frchId: 1 });
    const { user: tenantTwoUser, token: tenantTwoToken } = await createTestUser({ frchId: 2 });
    expect(await connect({ token: tenantOneToken, host: 'tenant-two.localhost' })).toEqual({ kind: 'refused', status: 401 });
    expect(await connect({ token: tenantTwoToken })).toEqual({ kind: 'refused', status: 401 });
    const client = await connectOpen(tenantTwoToken, 'tenant-two.localhost');
    expect(await listUserConnections(2, tenantTwoUser.user_id)).toHaveLength(1);
    await client.close();
  });

  it("publishes to the user's open socket only, and forgets a connection that is gone", async () => {
    // Prepare
    const alice = await createTestUser();
    const bob = await createTestUser();
    const aliceClient = await connectOpen(alice.token);
    const bobClient = await connectOpen(bob.token);
    const stale = await putConnection({ connectionId: `stale-${alice.user.user_id}`, frchId: 1, userId: alice.user.user_id });
    // Act
    const delivered = await publishToUser(1, alice.user.user_id, notification('01JNOTIFICATION0000000001'));
    // Assess
    expect(delivered).toBe(1);
    expect(await aliceClient.nextMessage()).toEqual(notification('01JNOTIFICATION0000000001'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobClient.received).toEqual([]);
    expect(await findConnection(stale.connectionId)).toBeNull();
    expect(await listUserConnections(1, alice.user.user_id)).toHaveLength(1);
    await Promise.all([aliceClient.close(), bobClient.close()]);
  });

  it('deletes both connection items when the socket closes', async () => {
    const { user, token } = await createTestUser();
    const client = await connectOpen(token);
    const [stored] = await listUserConnections(1, user.user_id);
    if (!stored) throw new Error('connection not stored');
    expect(await findConnection(stored.connectionId)).toMatchObject({ userId: user.user_id });

    await client.close();

    await eventually(async () => (await listUserConnections(1, user.user_id)).length === 0);
    expect(await findConnection(stored.connectionId)).toBeNull();
    expect(await publishToUser(1, user.user_id, notification('01JNOTIFICATION0000000002'))).toBe(0);
  });

  it('drops upgrades on any other path', async () => {
    const { token } = await createTestUser();
    const outcome = await connect({ token, path: '/api/v4/users/getuserprofile' });
    expect(outcome.kind).toBe('failed');
  });

  it('closes open sockets and forgets their connections when it stops', async () => {
    // Prepare: a second runtime, so this file's server keeps running
    const { user, token } = await createTestUser();
    const ownGateway = await startGateway({ host: '127.0.0.1', port: 0, web: null, files: null, runtimeConfig: () => ({ apiBaseUrl: '/api/v4', realtimeUrl: '', captchaSiteKey: '', tenant: 'test' }) });
    const ownRealtime = attachRealtimeServer(ownGateway.server, { onError: (error) => serverErrors.push(error) });
    const socket = new WebSocket(`${ownGateway.url.replace(/^http/, 'ws')}${REALTIME_PATH}?token=${token}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // Act
    await ownRealtime.stop();
    await ownGateway.stop();
    // Assess
    await closed;
    expect(await listUserConnections(1, user.user_id)).toEqual([]);
  });

  it('raised no errors in the realtime server', () => {
    expect(serverErrors).toEqual([]);
  });
});
