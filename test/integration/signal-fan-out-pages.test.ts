import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { jsonBridgeSchema, jsonBridgeWithKeySchema } from '../../shared/contracts/jsonbridge';
import { orderGroupSchema } from '../../shared/contracts/ordermanager';
import { addChild } from '../../functions/groups/use-cases/group-children';
import { addGroup } from '../../functions/groups/use-cases/group-settings';
import { brokerAccountKeys } from '../../functions/data/keys';
import { listPositions } from '../../functions/data/ordermanager/position';
import { getSignal } from '../../functions/data/signals-repository';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { dynamo } from '../../functions/platform/clients';
import { dataOf } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { drainThroughWorker } from '../support/signal-worker-drain';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Issue 22: a signal to a group enters its first children once the first page of their accounts is
 * read (10), while the others are read in the background; each entry waits for its own account's page
 * instead of reading it alone. Webhook → this file's own FIFO queue → the real worker handler → paper.
 */
const sqsClient = useOwnSignalQueue('signal-fan-out-pages');
const api = useGateway();
const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

/** Per engine request for broker accounts: how many account keys it asked for (BatchGetItem) or 1 (GetItem). */
const accountReads: { readonly command: string; readonly keys: number }[] = [];
let restoreSettings: () => void = () => undefined;

beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { RequestItems?: Record<string, { Keys?: { SK?: unknown }[] }>; Key?: { SK?: unknown } };
      const isAccount = (key: { SK?: unknown }) => String(key.SK).startsWith(brokerAccountKeys.prefix);
      if (context.commandName === 'BatchGetItemCommand') {
        const keys = Object.values(input.RequestItems ?? {}).flatMap((request) => request.Keys ?? []).filter(isAccount);
        if (keys.length > 0) accountReads.push({ command: 'BatchGetItem', keys: keys.length });
      } else if (context.commandName === 'GetItemCommand' && input.Key && isAccount(input.Key)) {
        accountReads.push({ command: 'GetItem', keys: 1 });
      }
      return next(args);
    },
    { step: 'initialize', name: 'watchAccountReads' },
  );
});
afterAll(() => restoreSettings());

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

describe('a signal to a group reads its children accounts in pages (issue 22)', () => {
  it('enters all 13 children after reading 10 accounts first and the other 3 in one more batch, no account read alone', async () => {
    // Prepare: a JSON bridge on a group of 13 trading children, multiplier 1.
    const owner = await createTestUser();
    const children = await Promise.all(Array.from({ length: 13 }, () => tradingPaperAccount(owner)));
    const group = await addGroup(ownerOf(owner), { grp_name: 'Paged followers', trading_enabled: true, place_rejected: false });
    for (const child of children) await addChild(ownerOf(owner), group.grp_id, child, { multiplier: 1, trading_enabled: true });
    const bridge = dataOf(await post(owner, '/users/jsonbridge/addjsonbridge', { json_bridge_name: 'Paged' }), jsonBridgeWithKeySchema);
    const orderGroup = dataOf(await post(owner, '/ordermanager/addordergroup', { og_name: 'Paged orders' }), orderGroupSchema);
    dataOf(
      await post(owner, '/users/jsonbridge/connectjsonbridge', { json_bridge_id: bridge.json_bridge_id, og_id: orderGroup.og_id, target_kind: 'group', target_id: group.grp_id }),
      jsonBridgeSchema,
    );
    const body = JSON.stringify({ type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: '1', transaction_type: 'BUY', signal_id: randomUUID() });
    const sent = await api.call('POST', `/users/jsonbridge/webhook/${bridge.json_bridge_id}/${bridge.webhook_key}`, { rawBody: body, headers: { 'content-type': 'application/json' } });
    const signalId = dataOf(sent, z.object({ signal_id: z.string() }), 202).signal_id;
    // Act
    accountReads.length = 0;
    await drainThroughWorker(sqsClient);
    // Assess
    expect(accountReads).toEqual([
      { command: 'BatchGetItem', keys: 10 },
      { command: 'BatchGetItem', keys: 3 },
    ]);
    expect((await getSignal(owner.user.frch_id, owner.user.user_id, signalId))?.status).toBe('executed');
    const positions = await listPositions(ownerOf(owner), orderGroup.og_id);
    expect(positions.map((position) => position.broker_id).sort()).toEqual([...children].sort());
    expect(positions.every((position) => position.op_status === 'OPEN' && position.quantity === 1)).toBe(true);
  });
});
