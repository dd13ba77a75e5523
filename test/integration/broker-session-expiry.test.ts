import { randomBytes } from 'node:crypto';
import { now, nowMs } from '../../functions/platform/clock';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newAccountFields } from '../../functions/broker-accounts/accounts/new-account';
import { createBrokerAccount, sessionShardOf, type NewBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { brokerAccountKeys, brokerSessionIndexKeys, userKeys } from '../../functions/data/keys';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import type { SealedFields } from '../../functions/platform/secrets/sealed-secret';
import { SCHEDULES } from '../../shared/config/schedules';
import { handler } from '../../functions/workers/broker-session-expiry';
import { SCHEDULE_HANDLER_MODULES } from '../../infra/local/schedule-handlers';
import { createTestUser, type TestUser } from '../support/users';

process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const MINUTE = 60_000;
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const sealedStandIn: SealedFields = { jwt_token: { v: 1, kid: 'local:test', iv: 'AAAAAAAAAAAAAAAA', tag: 'AAAAAAAAAAAAAAAAAAAAAA==', ct: 'AA==', edk: 'AA==' } };

/** A connected account written directly, with its session ending at `validUntil`. */
async function connectedAccount(who: TestUser, broker: NewBrokerAccount['broker'], validUntil: Date | null) {
  const fields = newAccountFields(ownerOf(who), ulid(), broker, 'connected', {
    session_valid_until: validUntil?.toISOString() ?? null,
    broker_user_id: 'A123456',
    ...(broker === 'paper' ? {} : { sealed_session: sealedStandIn }),
  });
  return createBrokerAccount(fields, null, now());
}

async function stored(who: TestUser, accountId: string) {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: brokerAccountKeys.item(who.user.frch_id, who.user.user_id, accountId), ConsistentRead: true }),
  );
  return Item ?? {};
}

async function notificationTypes(who: TestUser): Promise<unknown[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.partition(who.user.frch_id, who.user.user_id), ':prefix': 'NOTIF#' },
    }),
  );
  return Items.map((item) => item.notify_type);
}

describe('schedule broker-session-expiry', () => {
  it('is registered every 15 minutes with a local handler', () => {
    expect(SCHEDULES.find((schedule) => schedule.name === 'broker-session-expiry')).toMatchObject({ everyMinutes: 15, module: 'workers/broker-session-expiry.ts' });
    expect(SCHEDULE_HANDLER_MODULES['broker-session-expiry']).toBeTypeOf('function');
  });

  it('expires connected real-broker sessions past their end, tells the user, and leaves live sessions and paper alone', async () => {
    // Prepare
    const alice = await createTestUser();
    const ended = await connectedAccount(alice, 'angelone', new Date(nowMs() - MINUTE));
    const live = await connectedAccount(alice, 'zerodha', new Date(nowMs() + 60 * MINUTE));
    const paper = await connectedAccount(alice, 'paper', null);
    expect((await stored(alice, ended.broker_id)).GSI1PK).toBe(brokerSessionIndexKeys.partition(sessionShardOf(ended.broker_id)));
    expect((await stored(alice, paper.broker_id)).GSI1PK).toBeUndefined();
    // Act
    const outcome = await handler();
    // Assess
    expect(outcome.expired).toBeGreaterThanOrEqual(1);
    const expired = await stored(alice, ended.broker_id);
    expect(expired).toMatchObject({ status: 'expired' });
    for (const gone of ['GSI1PK', 'GSI1SK', 'sealed_session']) expect(expired[gone], gone).toBeUndefined();
    expect(await stored(alice, live.broker_id)).toMatchObject({ status: 'connected' });
    expect(await stored(alice, paper.broker_id)).toMatchObject({ status: 'connected' });
    expect(await notificationTypes(alice)).toEqual(['Broker Expired']);
    // A second run finds nothing more of Alice's to do.
    await handler();
    expect(await notificationTypes(alice)).toEqual(['Broker Expired']);
  });

  it('skips a session renewed after the index entry was read (the account is re-read before the move)', async () => {
    const alice = await createTestUser();
    const renewed = await connectedAccount(alice, 'angelone', new Date(nowMs() - MINUTE));
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: brokerAccountKeys.item(alice.user.frch_id, alice.user.user_id, renewed.broker_id),
        UpdateExpression: 'SET session_valid_until = :later',
        ExpressionAttributeValues: { ':later': new Date(nowMs() + 60 * MINUTE).toISOString() },
      }),
    );
    await handler();
    expect(await stored(alice, renewed.broker_id)).toMatchObject({ status: 'connected' });
    expect(await notificationTypes(alice)).toEqual([]);
  });
});
