import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../shared/contracts/envelope';
import { MAX_WALLET_MOVEMENT_PAISE } from '../../shared/domain/money';
import { userKeys } from '../../functions/data/keys';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { mapError } from '../../functions/platform/http/map-error';
import { createLogger } from '../../functions/platform/logger';
import { moveWallet, type AppliedMovement } from '../../functions/wallet/move-wallet';
import type { WalletMovementRequest } from '../../functions/wallet/movement-request';
import { auditWallet, getWalletBalance } from '../../functions/wallet/wallet-reads';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const keyOf = (operation = 'bank-transfer') => `${operation}#${randomUUID()}`;

function request(who: TestUser, fields: Partial<WalletMovementRequest> = {}): WalletMovementRequest {
  return {
    owner: ownerOf(who),
    direction: 'credit',
    amountPaise: 50_000,
    reason: 'bank_transfer',
    reference: { utr: 'UTR123456789' },
    description: 'Bank transfer approved',
    idempotencyKey: keyOf(),
    ...fields,
  };
}

async function itemsUnder(who: TestUser, prefix: string) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.partition(who.user.frch_id, who.user.user_id), ':prefix': prefix },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** Everything the wallet keeps for a user: balance, movement count, ledger and idempotency records. */
async function snapshot(who: TestUser) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: userKeys.profile(who.user.frch_id, who.user.user_id), ConsistentRead: true }));
  return { credit_paise: Item?.credit_paise, wallet_seq: Item?.wallet_seq, ledger: await itemsUnder(who, 'LEDGER#'), keys: await itemsUnder(who, 'IDEMP#') };
}

/** The error as the API would answer it (the spec's envelope), for a use-case call that failed. */
async function envelopeOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, 'the call should have failed').not.toBeNull();
  const answer = mapError(error, 'req-test', createLogger({}, 'error'));
  return { status: answer.statusCode, body: errorEnvelopeSchema.parse(JSON.parse(String(answer.body))) };
}

describe('moveWallet', () => {
  it('credits: the balance, one ledger entry with the balance after, reason, reference and key, and the key record', async () => {
    const alice = await createTestUser();
    const moveRequest = request(alice, { amountPaise: 50_050 });
    const moved = await moveWallet(moveRequest);
    expect(moved).toMatchObject({ kind: 'moved', movement: { seq: 1, direction: 'credit', amountPaise: 50_050, balanceAfterPaise: 50_050, reason: 'bank_transfer' } });
    expect(await getWalletBalance(ownerOf(alice))).toEqual({ balancePaise: 50_050, movements: 1 });
    const stored = await snapshot(alice);
    expect(stored.ledger).toEqual([
      expect.objectContaining({
        id: moved.movement.entryId,
        seq: 1,
        type: 'credit',
        amount_paise: 50_050,
        balance_after_paise: 50_050,
        reason: 'bank_transfer',
        reference: { utr: 'UTR123456789' },
        description: 'Bank transfer approved',
        idempotency_key: moveRequest.idempotencyKey,
      }),
    ]);
    expect(stored.keys).toEqual([expect.objectContaining({ SK: `IDEMP#${moveRequest.idempotencyKey}`, operation: 'wallet-movement' })]);
    expect(stored.keys[0]).not.toHaveProperty('expiresAt');
    // The profile shows rupees with two decimals, as before.
    const profile = await api.call('GET', '/users/getuserprofile', { token: alice.token });
    expect((profile.body as { data: { current_credit: number } }).data.current_credit).toBe(500.5);
  });

  it('debits down to exactly zero, each entry following from the one before', async () => {
    const alice = await createTestUser();
    await moveWallet(request(alice, { amountPaise: 30_000 }));
    const first = await moveWallet(request(alice, { direction: 'debit', amountPaise: 12_345, reason: 'broker_subscription', reference: { plan_id: 'monthly' } }));
    const second = await moveWallet(request(alice, { direction: 'debit', amountPaise: 17_655, reason: 'broker_subscription', reference: { plan_id: 'monthly' } }));
    expect(first.movement).toMatchObject({ seq: 2, direction: 'debit', balanceAfterPaise: 17_655 });
    expect(second.movement).toMatchObject({ seq: 3, balanceAfterPaise: 0 });
    expect(await auditWallet(ownerOf(alice))).toEqual({ balancePaise: 0, ledgerSumPaise: 0, movements: 3, chainIntact: true });
  });

  it('answers a repeated key with the first result and changes nothing, in turn and concurrently', async () => {
    const alice = await createTestUser();
    const debit = request(alice, { direction: 'debit', amountPaise: 10_000, reason: 'broker_subscription' });
    await moveWallet(request(alice, { amountPaise: 25_000 }));
    const first = await moveWallet(debit);
    const before = await snapshot(alice);
    const again = await moveWallet(debit);
    expect(again).toEqual({ kind: 'replayed', movement: first.movement });
    expect(await snapshot(alice)).toEqual(before);
    // Ten at once under one new key: one moves, nine answer its result.
    const burst = request(alice, { direction: 'debit', amountPaise: 10_000, reason: 'broker_subscription' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => moveWallet(burst)));
    expect(answers.filter((answer) => answer.kind === 'moved')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.movement.entryId)).size).toBe(1);
    // A replay when the wallet no longer covers the amount still answers the first result, never 422.
    expect((await moveWallet(burst)).kind).toBe('replayed');
    expect(await auditWallet(ownerOf(alice))).toEqual({ balancePaise: 5_000, ledgerSumPaise: 5_000, movements: 3, chainIntact: true });
  });

  it('refuses a key reused with another amount, direction, reason or reference with 409, writing nothing', async () => {
    const alice = await createTestUser();
    const credit = request(alice, { amountPaise: 40_000 });
    await moveWallet(credit);
    const before = await snapshot(alice);
    const reuses: Partial<WalletMovementRequest>[] = [
      { amountPaise: 40_001 },
      { direction: 'debit' },
      { reason: 'phonepe_payment' },
      { reference: { utr: 'UTR000000000' } },
    ];
    for (const change of reuses) {
      const { status, body } = await envelopeOf(moveWallet({ ...credit, ...change }));
      expect(status, JSON.stringify(change)).toBe(409);
      expect(body).toMatchObject({ status: false, error: { code: 'CONFLICT', message: 'This idempotency key was already used for another request.' } });
    }
    expect(await snapshot(alice)).toEqual(before);
  });

  it('refuses a debit above the balance with 422 "Not enough credit." in the envelope, writing nothing', async () => {
    const alice = await createTestUser();
    await moveWallet(request(alice, { amountPaise: 49_999 }));
    const before = await snapshot(alice);
    const { status, body } = await envelopeOf(moveWallet(request(alice, { direction: 'debit', amountPaise: 50_000, reason: 'broker_subscription' })));
    expect(status).toBe(422);
    expect(body).toEqual({ status: false, data: null, error: { code: 'BUSINESS_RULE', message: 'Not enough credit.', requestId: 'req-test' } });
    expect(await snapshot(alice)).toEqual(before);
    // An empty wallet too.
    const bob = await createTestUser();
    expect((await envelopeOf(moveWallet(request(bob, { direction: 'debit', amountPaise: 1 })))).status).toBe(422);
    expect(await snapshot(bob)).toEqual({ credit_paise: undefined, wallet_seq: undefined, ledger: [], keys: [] });
  });

  it('refuses bad requests with 400, writing nothing', async () => {
    const alice = await createTestUser();
    const bad: Partial<WalletMovementRequest>[] = [
      { amountPaise: 0 },
      { amountPaise: -100 },
      { amountPaise: 100.5 },
      { amountPaise: Number.NaN },
      { amountPaise: MAX_WALLET_MOVEMENT_PAISE + 1 },
      { idempotencyKey: 'no-operation-part' },
      { idempotencyKey: 'bank-transfer#' },
      { idempotencyKey: 'bank-transfer#has space' },
      { reference: { 'Bad Name': 'x' } },
      { description: '  ' },
      { direction: 'refund' as 'credit' },
      { reason: 'gift' as 'bank_transfer' },
    ];
    for (const change of bad) {
      const { status, body } = await envelopeOf(moveWallet(request(alice, change)));
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(alice)).toEqual({ credit_paise: undefined, wallet_seq: undefined, ledger: [], keys: [] });
    // The largest movement itself is allowed.
    expect((await moveWallet(request(alice, { amountPaise: MAX_WALLET_MOVEMENT_PAISE }))).kind).toBe('moved');
  });

  it('answers 404 for a user that does not exist, writing nothing', async () => {
    const owner = { frchId: 1, userId: 987_654_321 };
    const { status } = await envelopeOf(moveWallet({ ...request(await createTestUser()), owner }));
    expect(status).toBe(404);
    const { Items = [] } = await dynamo().send(
      new QueryCommand({ TableName: config().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userKeys.partition(1, 987_654_321) } }),
    );
    expect(Items).toEqual([]);
  });

  it('moves a balance kept before the wallet (rupees) to paise with an opening entry, and shows the same credit', async () => {
    const alice = await createTestUser();
    await dynamo().send(
      new UpdateCommand({ TableName: config().tableName, Key: userKeys.profile(alice.user.frch_id, alice.user.user_id), UpdateExpression: 'SET current_credit = :c', ExpressionAttributeValues: { ':c': 250.75 } }),
    );
    const creditShown = async () => ((await api.call('GET', '/users/getuserprofile', { token: alice.token })).body as { data: { current_credit: number } }).data.current_credit;
    expect(await creditShown()).toBe(250.75);
    const moved = await moveWallet(request(alice, { direction: 'debit', amountPaise: 5_075, reason: 'broker_subscription' }));
    expect(moved.movement).toMatchObject({ seq: 2, balanceAfterPaise: 20_000 });
    const stored = await snapshot(alice);
    expect(stored).toMatchObject({ credit_paise: 20_000, wallet_seq: 2 });
    expect(stored.ledger.map((entry) => [entry.seq, entry.type, entry.amount_paise, entry.balance_after_paise, entry.reason])).toEqual([
      [1, 'credit', 25_075, 25_075, 'opening_balance'],
      [2, 'debit', 5_075, 20_000, 'broker_subscription'],
    ]);
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: userKeys.profile(alice.user.frch_id, alice.user.user_id), ConsistentRead: true }));
    expect(Item).not.toHaveProperty('current_credit');
    expect(await creditShown()).toBe(200);
    expect((await auditWallet(ownerOf(alice))).chainIntact).toBe(true);
  });

  it("writes the caller's items in the same transaction, and nothing at all when one of them is refused", async () => {
    const alice = await createTestUser();
    const table = config().tableName;
    const marker = { PK: userKeys.partition(alice.user.frch_id, alice.user.user_id), SK: `TESTMARK#${randomUUID()}` };
    const refused = await moveWallet(request(alice), [
      { Put: { TableName: table, Item: { ...marker, note: 'with the credit' } } },
      { ConditionCheck: { TableName: table, Key: { PK: marker.PK, SK: 'TESTMARK#missing' }, ConditionExpression: 'attribute_exists(PK)' } },
    ]);
    expect(refused).toEqual({ kind: 'alongside-refused', index: 1 });
    expect(await snapshot(alice)).toEqual({ credit_paise: undefined, wallet_seq: undefined, ledger: [], keys: [] });
    expect(await itemsUnder(alice, 'TESTMARK#')).toEqual([]);
    const written = (await moveWallet(request(alice), [{ Put: { TableName: table, Item: { ...marker, note: 'with the credit' } } }])) as AppliedMovement;
    expect(written.kind).toBe('moved');
    expect(await itemsUnder(alice, 'TESTMARK#')).toEqual([expect.objectContaining({ note: 'with the credit' })]);
  });
});

describe('POST /users/getuserledger reads the wallet', () => {
  it("answers the caller's entries newest first: rupees and exact paise, reason, reference; another user sees none", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await moveWallet(request(alice, { amountPaise: 100_050 }));
    await moveWallet(request(alice, { direction: 'debit', amountPaise: 50_000, reason: 'broker_subscription', reference: { broker_id: 'B1', plan_id: 'monthly' }, description: 'Monthly subscription' }));
    const answer = await api.call('POST', '/users/getuserledger', { token: alice.token, body: { limit: 1 } });
    expect(answer.status).toBe(200);
    const page = (answer.body as { data: { items: unknown[]; next_cursor: string | null } }).data;
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        type: 'debit',
        amount: 500,
        balance_after: 500.5,
        amount_paise: 50_000,
        balance_after_paise: 50_050,
        reason: 'broker_subscription',
        reference: { broker_id: 'B1', plan_id: 'monthly' },
        description: 'Monthly subscription',
        create_time: expect.any(String),
      },
    ]);
    const next = await api.call('POST', '/users/getuserledger', { token: alice.token, body: { limit: 1, cursor: page.next_cursor } });
    expect((next.body as { data: { items: { amount: number; reason: string }[] } }).data.items).toEqual([expect.objectContaining({ amount: 1000.5, reason: 'bank_transfer' })]);
    const bobs = await api.call('POST', '/users/getuserledger', { token: bob.token, body: {} });
    expect((bobs.body as { data: { items: unknown[] } }).data.items).toEqual([]);
    expect((await api.call('POST', '/users/getuserledger', { token: bob.token, body: { cursor: page.next_cursor } })).status).toBe(400);
  });
});
