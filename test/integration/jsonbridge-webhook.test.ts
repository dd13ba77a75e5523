import { randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import * as z from 'zod';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { jsonBridgeSchema, jsonBridgeWebhookContracts, jsonBridgeWithKeySchema } from '../../shared/contracts/jsonbridge';
import { orderGroupSchema } from '../../shared/contracts/ordermanager';
import { ENV } from '../../shared/config/env-names';
import { rateLimitKeys, signalKeys, userKeys } from '../../functions/data/keys';
import { listActivities } from '../../functions/data/activities-repository';
import { getSignal } from '../../functions/data/signals-repository';
import { JSON_BRIDGE_SIGNAL_MESSAGE_KIND, signalPayloadSchema, type SignalHints } from '../../functions/signals/queue/signal-message';
import { JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey } from '../../functions/jsonbridge/webhook-rate-rule';
import { dynamo } from '../../functions/platform/clients';
import { now as clockNow, nowMs, useClock } from '../../functions/platform/clock';
import { config, resetConfigForTests } from '../../functions/platform/config';
import { currentWindow } from '../../functions/limits/fixed-window';
import { queueMessageSchema } from '../../functions/signals/queue/queue-message';
import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { capturedLogs } from '../support/integration-env';
import { testLoginContext } from '../support/login-context';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/** A queue of this file's own, so no other test file's poller or drain sees these messages (nor these theirs). */
const engines = inject('engines');
const sqsClient = useOwnSignalQueue('jsonbridge-webhook', null);

const api = useGateway();
const ORDER = { type: 'MARKET', script_type: 'EQ', script: 'sbin', product: 'INTRADAY', quantity: '5', transaction_type: 'buy' };
const JSON_TYPE = { 'content-type': 'application/json' };

interface Bridge {
  readonly owner: TestUser;
  readonly id: string;
  readonly key: string;
  /** What the webhook passes on the message: the order group and target the bridge was connected to. */
  readonly hints: SignalHints;
}

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });

async function addBridge(owner: TestUser, connection: 'connected' | 'disconnected' = 'connected'): Promise<Bridge> {
  const added = dataOf(await post(owner, '/users/jsonbridge/addjsonbridge', { json_bridge_name: 'Webhook bridge' }), jsonBridgeWithKeySchema);
  const bridge = { owner, id: added.json_bridge_id, key: added.webhook_key };
  if (connection === 'disconnected') return { ...bridge, hints: { og_id: null, target_kind: null, target_id: null } };
  const group = dataOf(await post(owner, '/ordermanager/addordergroup', { og_name: 'Bridge orders' }), orderGroupSchema);
  const { account } = await connectAccount({ frchId: owner.user.frch_id, userId: owner.user.user_id }, { broker: 'paper' }, testLoginContext());
  const hints = { og_id: group.og_id, target_kind: 'account', target_id: account.broker_id } as const;
  dataOf(await post(owner, '/users/jsonbridge/connectjsonbridge', { json_bridge_id: added.json_bridge_id, ...hints }), jsonBridgeSchema);
  return { ...bridge, hints };
}

const sendSignal = (bridge: Pick<Bridge, 'id' | 'key'>, rawBody: string, headers: Record<string, string> = JSON_TYPE) =>
  api.call('POST', `/users/jsonbridge/webhook/${bridge.id}/${bridge.key}`, { rawBody, headers });

const signalIdOfAnswer = (answer: ApiAnswer) => dataOf(answer, z.object({ signal_id: z.string() }).strict(), 202).signal_id;

/** Every message now on this file's queue, removed from it. */
async function drainQueue(): Promise<Message[]> {
  const drained: Message[] = [];
  for (;;) {
    const { Messages = [] } = await sqsClient.send(
      new ReceiveMessageCommand({ QueueUrl: config().signalQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, AttributeNames: ['All'] }),
    );
    if (Messages.length === 0) return drained;
    for (const message of Messages) await sqsClient.send(new DeleteMessageCommand({ QueueUrl: config().signalQueueUrl, ReceiptHandle: message.ReceiptHandle }));
    drained.push(...Messages);
  }
}

async function storedSignalCount(owner: TestUser): Promise<number> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.partition(owner.user.frch_id, owner.user.user_id), ':prefix': signalKeys.prefix },
      ConsistentRead: true,
    }),
  );
  return Items.length;
}

const storedSignal = (owner: TestUser, signalId: string) => getSignal(owner.user.frch_id, owner.user.user_id, signalId);

/** Two sends meant for one minute must not straddle a minute boundary: the clock stands still until the test ends. */
function holdTheClock(): void {
  onTestFinished(useClock(new Date(nowMs())));
}

describe('jsonbridge webhook: authenticate, store, enqueue', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
    await drainQueue();
  });

  it('stores a valid signal as queued, sends exactly one message for it and answers 202 with its id', async () => {
    const bridge = await addBridge(owner);
    const signalId = signalIdOfAnswer(await sendSignal(bridge, JSON.stringify(ORDER)));

    const messages = await drainQueue();
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.Attributes).toMatchObject({ MessageGroupId: bridge.id, MessageDeduplicationId: signalId });
    const body = queueMessageSchema.parse(JSON.parse(message?.Body ?? ''));
    expect(body.kind).toBe(JSON_BRIDGE_SIGNAL_MESSAGE_KIND);
    expect(signalPayloadSchema.parse(body.payload)).toEqual({
      frch_id: owner.user.frch_id,
      user_id: owner.user.user_id,
      bridge_id: bridge.id,
      signal_id: signalId,
      hints: bridge.hints,
    });

    const stored = await storedSignal(owner, signalId);
    expect(stored).toMatchObject({ status: 'queued', bridge_kind: 'json', bridge_id: bridge.id, source: 'tradingview-json', raw_body: JSON.stringify(ORDER), reason: null });
    // `enqueued` is the worker's mark, written when it picks the message up.
    expect(stored?.timeline.map((entry) => entry.event)).toEqual(['received', 'queued']);
  });

  it('answers the same body twice within a minute with one signal id, one stored signal and one message', async () => {
    const someone = await createTestUser();
    const bridge = await addBridge(someone);
    holdTheClock();
    const first = signalIdOfAnswer(await sendSignal(bridge, JSON.stringify(ORDER)));
    const second = signalIdOfAnswer(await sendSignal(bridge, JSON.stringify(ORDER)));

    expect(second).toBe(first);
    // The resend is sent again, and the FIFO queue drops it as the first send's duplicate.
    expect(await drainQueue()).toHaveLength(1);
    expect(await storedSignalCount(someone)).toBe(1);
    expect((await storedSignal(someone, first))?.timeline.map((entry) => entry.event)).toEqual(['received', 'queued']);
  });

  it('sends a still-queued signal again on a resend, so a resend heals a failed send', async () => {
    const someone = await createTestUser();
    const bridge = await addBridge(someone);
    const body = JSON.stringify({ ...ORDER, signal_id: `alert-${randomUUID()}` });
    const queueUrl = config().signalQueueUrl;
    process.env[ENV.signalQueueUrl] = `${queueUrl}-gone`;
    resetConfigForTests();
    let failed: ApiAnswer;
    try {
      failed = await sendSignal(bridge, body);
    } finally {
      process.env[ENV.signalQueueUrl] = queueUrl;
      resetConfigForTests();
    }
    expect(failed.status, failed.text).toBe(500);
    expect(await storedSignalCount(someone)).toBe(1);

    const signalId = signalIdOfAnswer(await sendSignal(bridge, body));
    const messages = await drainQueue();
    expect(messages.map((message) => message.Attributes?.MessageDeduplicationId)).toEqual([signalId]);
    expect(await storedSignalCount(someone)).toBe(1);
  });

  it('writes no activity entry per signal: the signal log is the record of every arrival', async () => {
    const someone = await createTestUser();
    const bridge = await addBridge(someone);
    holdTheClock();
    signalIdOfAnswer(await sendSignal(bridge, JSON.stringify(ORDER)));
    signalIdOfAnswer(await sendSignal(bridge, JSON.stringify(ORDER)));
    expect((await sendSignal(bridge, JSON.stringify({ ...ORDER, quantity: 'lots' }))).status).toBe(400);

    const range = { fromIso: new Date(nowMs() - 3_600_000).toISOString(), toIso: new Date(nowMs() + 60_000).toISOString() };
    const { items } = await listActivities(someone.user.frch_id, someone.user.user_id, range, { limit: 50 });
    expect(items.filter((item) => item.operation === jsonBridgeWebhookContracts.jsonBridgeWebhook.operationId)).toEqual([]);
    expect(items.length).toBeGreaterThan(0); // the bridge's creation is there: the range and owner are right
    await drainQueue();
  });

  it("treats a resend naming the sender's signal_id as one signal, whatever else changed", async () => {
    const bridge = await addBridge(owner);
    const first = signalIdOfAnswer(await sendSignal(bridge, JSON.stringify({ ...ORDER, signal_id: 'alert-42' })));
    const second = signalIdOfAnswer(await sendSignal(bridge, JSON.stringify({ ...ORDER, quantity: '6', signal_id: 'alert-42' })));

    expect(second).toBe(first);
    expect(await drainQueue()).toHaveLength(1);
  });

  it('refuses a regenerated key at once, and a deleted bridge, even on a runtime that just took the old key', async () => {
    const bridge = await addBridge(owner);
    // Taken twice: the second answer comes from this runtime's remembered owner (no lookup read).
    signalIdOfAnswer(await sendSignal(bridge, JSON.stringify({ ...ORDER, signal_id: randomUUID() })));
    signalIdOfAnswer(await sendSignal(bridge, JSON.stringify({ ...ORDER, signal_id: randomUUID() })));
    const renewed = dataOf(await post(owner, '/users/jsonbridge/regeneratejsonbridgekey', { json_bridge_id: bridge.id }), jsonBridgeWithKeySchema);
    expect((await sendSignal(bridge, JSON.stringify({ ...ORDER, signal_id: randomUUID() }))).status).toBe(401);
    const current = { id: bridge.id, key: renewed.webhook_key };
    signalIdOfAnswer(await sendSignal(current, JSON.stringify({ ...ORDER, signal_id: randomUUID() })));
    signalIdOfAnswer(await sendSignal(current, JSON.stringify({ ...ORDER, signal_id: randomUUID() })));
    dataOf(await post(owner, '/users/jsonbridge/deletejsonbridge', { json_bridge_id: bridge.id }), z.unknown());
    expect((await sendSignal(current, JSON.stringify({ ...ORDER, signal_id: randomUUID() }))).status).toBe(401);
    await drainQueue();
  });

  it('answers an unknown bridge and a wrong key alike with 401, and stores and sends nothing', async () => {
    const someone = await createTestUser();
    const bridge = await addBridge(someone);
    const otherBridge = await addBridge(someone);
    const answers = await Promise.all([
      sendSignal({ id: bridge.id, key: otherBridge.key }, JSON.stringify(ORDER)),
      sendSignal({ id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', key: bridge.key }, JSON.stringify(ORDER)),
      sendSignal({ id: 'not-a-bridge-id', key: bridge.key }, JSON.stringify(ORDER)),
    ]);

    const errors = answers.map((answer) => {
      expect(answer.status, answer.text).toBe(401);
      return errorEnvelopeSchema.parse(answer.body).error.message;
    });
    expect(new Set(errors).size).toBe(1);
    expect(await storedSignalCount(someone)).toBe(0);
    expect(await drainQueue()).toHaveLength(0);
  });

  it('refuses a malformed body with 400 and what was wrong, and keeps it as a rejected signal', async () => {
    const bridge = await addBridge(owner);
    const answer = await sendSignal(bridge, JSON.stringify({ ...ORDER, quantity: 'lots' }));

    expect(answer.status, answer.text).toBe(400);
    const { error } = errorEnvelopeSchema.parse(answer.body);
    expect(error.details?.map((detail) => detail.path)).toContain('quantity');
    const signalId = /Signal ([0-9a-f]{64}) rejected/.exec(error.message)?.[1] ?? '';
    const stored = await storedSignal(owner, signalId);
    expect(stored).toMatchObject({ status: 'rejected', bridge_kind: 'json', bridge_id: bridge.id, source: null });
    expect(stored?.problems.map((problem) => problem.path)).toContain('quantity');
    expect(await drainQueue()).toHaveLength(0);
  });

  it('keeps a text body sent as something else than text or JSON as rejected, saying which types it takes', async () => {
    const bridge = await addBridge(owner);
    const answer = await sendSignal(bridge, 'BUY SBIN', { 'content-type': 'application/xml' });

    expect(answer.status, answer.text).toBe(400);
    expect(errorEnvelopeSchema.parse(answer.body).error.details).toEqual([{ path: 'content-type', message: expect.stringContaining('application/json') }]);
  });

  it.each([
    ['is not connected to an order group', 'disconnected', true],
    ['has place-order off', 'connected', false],
  ] as const)('stores a signal on a bridge that %s as ignored, with the reason, and sends nothing', async (_, connection, placeOrder) => {
    const bridge = await addBridge(owner, connection);
    if (!placeOrder) {
      dataOf(await post(owner, '/users/jsonbridge/updatejsonbridgetradingflag', { json_bridge_id: bridge.id, og_place_order: false }), jsonBridgeSchema);
    }
    const answer = await sendSignal(bridge, JSON.stringify(ORDER));
    const signalId = signalIdOfAnswer(answer);

    const stored = await storedSignal(owner, signalId);
    expect(stored?.status).toBe('ignored');
    expect(stored?.reason).toEqual(expect.any(String));
    expect(successEnvelope(z.unknown()).parse(answer.body).result).toBe(stored?.reason);
    expect(await drainQueue()).toHaveLength(0);
  });

  it('refuses a body over 64 KB with 413 and stores nothing', async () => {
    const someone = await createTestUser();
    const bridge = await addBridge(someone);
    const answer = await sendSignal(bridge, JSON.stringify({ ...ORDER, note: 'x'.repeat(64 * 1024) }));

    expect(answer.status, answer.text).toBe(413);
    expect(await storedSignalCount(someone)).toBe(0);
  });

  it('refuses signals over the per-bridge limit with 429 and Retry-After, storing and sending nothing', async () => {
    const someone = await createTestUser();
    const bridge = await addBridge(someone);
    // The bridge has used its whole budget in this minute and the next, so the answer cannot depend on when the call lands.
    const now = clockNow();
    for (const at of [now, new Date(now.getTime() + 60_000)]) {
      const window = currentWindow(JSON_BRIDGE_SIGNALS_PER_MINUTE, jsonBridgeRateKey(someone.user.frch_id, bridge.id), at);
      await dynamo().send(
        new PutCommand({
          TableName: config().tableName,
          Item: { ...rateLimitKeys.window(window.scope, window.key, window.windowStart), count: JSON_BRIDGE_SIGNALS_PER_MINUTE.limit, expiresAt: window.expiresAt },
        }),
      );
    }
    const answer = await sendSignal(bridge, JSON.stringify(ORDER));

    expect(answer.status, answer.text).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedSignalCount(someone)).toBe(0);
    expect(await drainQueue()).toHaveLength(0);
  });

  it('never writes the webhook key into the logs', async () => {
    const bridge = await addBridge(owner);
    const logStart = capturedLogs.length;
    await sendSignal(bridge, JSON.stringify({ ...ORDER, quantity: 'lots' }));
    await sendSignal(bridge, JSON.stringify(ORDER));

    const logs = capturedLogs.slice(logStart).join('\n');
    // The rejected signal is logged (a warning naming the bridge), so there is a line the key could have leaked into.
    expect(logs).toContain(bridge.id);
    expect(logs).not.toContain(bridge.key);
    await drainQueue();
  });
});
