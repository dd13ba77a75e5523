import { randomBytes, randomUUID } from 'node:crypto';
import { nowMs } from '../../functions/platform/clock';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { brokerAccountKeys, userKeys } from '../../functions/data/keys';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { getWalletBalance } from '../../functions/wallet/wallet-reads';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();
const DAY_MS = 86_400_000;

type Account = { broker_id: string; status: string; subscription_expires_at: string | null };
type Purchase = { account: Account; charged_credits: number; balance_after: number; ledger_entry_id: string; replayed: boolean };

const dataOf = <T>(answer: ApiAnswer): T => {
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { data: T }).data;
};
const errorOf = (answer: ApiAnswer) => (answer.body as { error: { message: string } }).error.message;
const post = (who: TestUser, call: string, body: unknown) => api.call('POST', `/users/broker/${call}`, { token: who.token, body });
const newKey = () => `key-${randomUUID()}`;

/** A Zerodha account (stored credentials, waiting for its login): it can carry a subscription. */
async function zerodhaAccount(who: TestUser): Promise<Account> {
  const answer = await post(who, 'connectbroker', { broker: 'zerodha', credentials: { api_key: 'kitekey123', api_secret: 'kitesecret456' } });
  return dataOf<{ account: Account }>(answer).account;
}

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

/** Money enters a wallet only through the wallet: the test tops it up as an approved bank transfer would. */
async function setCredit(who: TestUser, credit: number): Promise<void> {
  await moveWallet({
    owner: ownerOf(who),
    direction: 'credit',
    amountPaise: credit * 100,
    reason: 'bank_transfer',
    description: 'Test top-up',
    idempotencyKey: `bank-transfer#${randomUUID()}`,
  });
}

/** The balance in credits (rupees). */
async function credit(who: TestUser): Promise<number> {
  return (await getWalletBalance(ownerOf(who))).balancePaise / 100;
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

/** The ledger entries of purchases and refunds (the test's top-up aside). */
async function accountEntries(who: TestUser) {
  return (await itemsUnder(who, 'LEDGER#')).filter((entry) => entry.reason !== 'bank_transfer');
}

async function setSubscription(who: TestUser, accountId: string, fields: { started: Date; expires: Date; paid: number }): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: brokerAccountKeys.item(who.user.frch_id, who.user.user_id, accountId),
      UpdateExpression: 'SET subscription_started_at = :s, subscription_expires_at = :e, subscription_paid_credits = :p',
      ExpressionAttributeValues: { ':s': fields.started.toISOString(), ':e': fields.expires.toISOString(), ':p': fields.paid },
    }),
  );
}

describe('POST /users/broker/updatebrokersubscription', () => {
  it('debits the price with one exact ledger entry and extends the subscription by the plan', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 1_000);
    const before = nowMs();
    const purchase = dataOf<Purchase>(await post(alice, 'updatebrokersubscription', { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: newKey() }));
    expect(purchase).toMatchObject({ charged_credits: 500, balance_after: 500, replayed: false });
    expect(await credit(alice)).toBe(500);
    const ledger = await accountEntries(alice);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ id: purchase.ledger_entry_id, type: 'debit', amount_paise: 50_000, balance_after_paise: 50_000, reason: 'broker_subscription', reference: { broker_id: account.broker_id, plan_id: 'monthly' } });
    expect(ledger[0]?.description).toMatch(/^Monthly subscription for Zerodha Kite/);
    const expires = Date.parse(purchase.account.subscription_expires_at ?? '');
    expect(expires - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1_000);
    expect(expires - nowMs()).toBeLessThanOrEqual(30 * DAY_MS);
    const history = dataOf<{ items: { id: string; type: string; amount: number }[] }>(await api.call('POST', '/users/getuserledger', { token: alice.token, body: {} }));
    expect(history.items).toEqual([
      expect.objectContaining({ id: purchase.ledger_entry_id, type: 'debit', amount: 500, balance_after: 500 }),
      expect.objectContaining({ type: 'credit', amount: 1_000, balance_after: 1_000 }),
    ]);
    expect((await itemsUnder(alice, 'ACT#')).map((a) => a.action)).toContain('Bought broker subscription');
  });

  it('adds a second purchase to the end of the active subscription', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 1_000);
    const first = dataOf<Purchase>(await post(alice, 'updatebrokersubscription', { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: newKey() }));
    const second = dataOf<Purchase>(await post(alice, 'updatebrokersubscription', { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: newKey() }));
    expect(Date.parse(second.account.subscription_expires_at ?? '') - Date.parse(first.account.subscription_expires_at ?? '')).toBe(30 * DAY_MS);
    expect(second.balance_after).toBe(0);
    expect(await credit(alice)).toBe(0);
  });

  it("answers 422 'Not enough credit.' and writes nothing when the wallet is short", async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 499);
    const accountBefore = await itemsUnder(alice, 'BRK#');
    const answer = await post(alice, 'updatebrokersubscription', { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: newKey() });
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toBe('Not enough credit.');
    expect(await credit(alice)).toBe(499);
    expect(await accountEntries(alice)).toEqual([]);
    expect(await itemsUnder(alice, 'IDEMP#broker-subscription#')).toEqual([]);
    expect(await itemsUnder(alice, 'BRK#')).toEqual(accountBefore);
  });

  it('charges once for the same idempotency key, replayed in turn and concurrently', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 5_000);
    const body = { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: newKey() };
    const first = dataOf<Purchase>(await post(alice, 'updatebrokersubscription', body));
    const again = dataOf<Purchase>(await post(alice, 'updatebrokersubscription', body));
    expect(again).toMatchObject({ replayed: true, ledger_entry_id: first.ledger_entry_id, charged_credits: 500, balance_after: 4_500 });
    const concurrentBody = { ...body, idempotency_key: newKey() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(alice, 'updatebrokersubscription', concurrentBody)));
    const purchases = answers.map((answer) => dataOf<Purchase>(answer));
    expect(new Set(purchases.map((p) => p.ledger_entry_id)).size).toBe(1);
    expect(purchases.filter((p) => !p.replayed)).toHaveLength(1);
    expect(await accountEntries(alice)).toHaveLength(2);
    expect(await credit(alice)).toBe(4_000);
  });

  it('answers 30 concurrent retries of one purchase the wallet affords once with the first purchase, never 422', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 500);
    const body = { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: newKey() };
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(alice, 'updatebrokersubscription', body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 30 }, () => 200));
    const purchases = answers.map((answer) => dataOf<Purchase>(answer));
    expect(new Set(purchases.map((p) => p.ledger_entry_id)).size).toBe(1);
    expect(purchases.filter((p) => !p.replayed)).toHaveLength(1);
    expect(await credit(alice)).toBe(0);
    expect(await accountEntries(alice)).toHaveLength(1);
  });

  it('refuses the same idempotency key for another request with 409 and charges nothing', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 5_000);
    const key = newKey();
    dataOf<Purchase>(await post(alice, 'updatebrokersubscription', { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: key }));
    const other = await post(alice, 'updatebrokersubscription', { broker_id: account.broker_id, plan_id: 'yearly', idempotency_key: key });
    expect(other.status).toBe(409);
    expect(await credit(alice)).toBe(4_500);
  });

  it('never charges again for a purchase recorded before the wallet kept its own keys: that key answers 409', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 1_000);
    const key = newKey();
    await dynamo().send(
      new PutCommand({
        TableName: config().tableName,
        Item: {
          PK: userKeys.partition(alice.user.frch_id, alice.user.user_id),
          SK: `IDEMP#broker-subscription#${key}`,
          entity: 'idempotency',
          fingerprint: `${account.broker_id}|monthly`,
          outcome: { charged_credits: 500, balance_after: 500, ledger_entry_id: 'EARLIER' },
          createdAt: new Date(nowMs()).toISOString(),
        },
      }),
    );
    const answer = await post(alice, 'updatebrokersubscription', { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: key });
    expect(answer.status).toBe(409);
    expect(await credit(alice)).toBe(1_000);
    expect(await accountEntries(alice)).toEqual([]);
  });

  it('refuses bad input with 400 and a paper account with 422', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 5_000);
    const bad = [
      { broker_id: account.broker_id, plan_id: 'weekly', idempotency_key: newKey() },
      { broker_id: account.broker_id, plan_id: 'monthly' },
      { broker_id: account.broker_id, plan_id: 'monthly', idempotency_key: 'short' },
      { broker_id: account.broker_id, plan_id: 30, idempotency_key: newKey() },
      { plan_id: 'monthly', idempotency_key: newKey() },
    ];
    for (const body of bad) expect((await post(alice, 'updatebrokersubscription', body)).status, JSON.stringify(body)).toBe(400);
    const paper = dataOf<{ account: Account }>(await post(alice, 'connectbroker', { broker: 'paper' })).account;
    const answer = await post(alice, 'updatebrokersubscription', { broker_id: paper.broker_id, plan_id: 'monthly', idempotency_key: newKey() });
    expect(answer.status).toBe(422);
    expect(await credit(alice)).toBe(5_000);
    expect(await accountEntries(alice)).toEqual([]);
  });
});

describe('refund on removal', () => {
  it('explains the pro-rata refund by whole days, then credits exactly that on removal with a ledger entry', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    await setCredit(alice, 100);
    const now = nowMs();
    await setSubscription(alice, account.broker_id, { started: new Date(now - 10 * DAY_MS), expires: new Date(now + 20 * DAY_MS + 3_600_000), paid: 500 });
    const note = dataOf<{ refund_credits: number; remaining_days: number; note: string }>(await post(alice, 'getdeleterefundnote', { broker_id: account.broker_id }));
    expect(note).toMatchObject({ refund_credits: 333, remaining_days: 20 });
    expect(note.note).toContain('20 of the 30 paid days are left (500 credits paid)');
    expect(note.note).toContain('refunds 333 credits');
    const removed = dataOf<{ refunded_credits: number; account: Account }>(await post(alice, 'removebroker', { broker_id: account.broker_id }));
    expect(removed.refunded_credits).toBe(333);
    expect(await credit(alice)).toBe(433);
    const ledger = await accountEntries(alice);
    expect(ledger).toEqual([expect.objectContaining({ type: 'credit', amount_paise: 33_300, balance_after_paise: 43_300, reason: 'broker_refund', reference: { broker_id: account.broker_id } })]);
  });

  it('says nothing is refunded without an active subscription, and removes without a ledger entry', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    const note = dataOf<{ refund_credits: number; note: string }>(await post(alice, 'getdeleterefundnote', { broker_id: account.broker_id }));
    expect(note).toEqual({ refund_credits: 0, remaining_days: 0, note: 'This account has no active subscription, so removing it refunds nothing.' });
    expect(dataOf<{ refunded_credits: number }>(await post(alice, 'removebroker', { broker_id: account.broker_id })).refunded_credits).toBe(0);
    expect(await itemsUnder(alice, 'LEDGER#')).toEqual([]);
  });

  it('refunds nothing when less than a day is left', async () => {
    const alice = await createTestUser();
    const account = await zerodhaAccount(alice);
    const now = nowMs();
    await setSubscription(alice, account.broker_id, { started: new Date(now - 30 * DAY_MS), expires: new Date(now + 3_600_000), paid: 500 });
    const note = dataOf<{ refund_credits: number; note: string }>(await post(alice, 'getdeleterefundnote', { broker_id: account.broker_id }));
    expect(note.refund_credits).toBe(0);
    expect(note.note).toMatch(/^Less than one full day/);
  });
});
