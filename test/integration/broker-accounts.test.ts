import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { brokerAccountKeys, paperStateKeys, userKeys } from '../../functions/data/keys';
import { paperStateOfItem } from '../../functions/broker-adapters/paper/store/paper-state-item';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();

type Account = { broker_id: string; broker: string; status: string; broker_combined_name: string; trading_enabled: boolean; auto_renew: boolean; note: string; credentials_configured: boolean; funds: { available: number; used: number } | null };

const dataOf = <T>(answer: ApiAnswer): T => {
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { data: T }).data;
};
const errorOf = (answer: ApiAnswer) => (answer.body as { error: { message: string } }).error.message;

const post = (who: TestUser, call: string, body: unknown) => api.call('POST', `/users/broker/${call}`, { token: who.token, body });
const get = (who: TestUser, call: string) => api.call('GET', `/users/broker/${call}`, { token: who.token });

async function connectPaper(who: TestUser): Promise<Account> {
  return dataOf<{ account: Account }>(await post(who, 'connectbroker', { broker: 'paper' })).account;
}

async function partitionItems(who: TestUser, prefix = '') {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.partition(who.user.frch_id, who.user.user_id), ':prefix': prefix },
    }),
  );
  return Items;
}

async function storedAccount(who: TestUser, accountId: string) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: brokerAccountKeys.item(who.user.frch_id, who.user.user_id, accountId) }));
  return Item;
}

describe('GET /users/broker/getavailablebrokers and getbrokerplans', () => {
  it('lists every broker with its login flow and credential fields, none of them coming soon', async () => {
    const alice = await createTestUser();
    const catalog = dataOf<{ broker: string; coming_soon: boolean; login_flow: string; credential_fields: { name: string }[] }[]>(await get(alice, 'getavailablebrokers'));
    expect(catalog.map((entry) => entry.broker)).toEqual(['paper', 'zerodha', 'angelone', 'upstox', 'fyers', 'dhan']);
    const byBroker = Object.fromEntries(catalog.map((entry) => [entry.broker, entry]));
    expect(byBroker.paper).toMatchObject({ login_flow: 'none', coming_soon: false, credential_fields: [] });
    expect(byBroker.zerodha?.credential_fields.map((f) => f.name)).toEqual(['api_key', 'api_secret']);
    expect(byBroker.angelone?.credential_fields.map((f) => f.name)).toEqual(['client_code', 'pin', 'totp_secret', 'api_key']);
    expect(byBroker.upstox).toMatchObject({ login_flow: 'redirect' });
    expect(byBroker.upstox?.credential_fields.map((f) => f.name)).toEqual(['api_key', 'api_secret']);
    expect(byBroker.fyers).toMatchObject({ login_flow: 'redirect' });
    expect(byBroker.fyers?.credential_fields.map((f) => f.name)).toEqual(['app_id', 'app_secret', 'pin']);
    expect(byBroker.dhan).toMatchObject({ login_flow: 'credentials' });
    expect(byBroker.dhan?.credential_fields.map((f) => f.name)).toEqual(['client_id', 'pin', 'totp_secret']);
    expect(catalog.filter((entry) => entry.coming_soon)).toEqual([]);
  });

  it('lists the plans with duration in days, label and price in credits', async () => {
    const alice = await createTestUser();
    const plans = dataOf<{ plan_id: string; duration: number; plan_label: string; price: number }[]>(await get(alice, 'getbrokerplans'));
    expect(plans[0]).toEqual({ plan_id: 'monthly', plan_label: 'Monthly', duration: 30, price: 500 });
    expect(plans.every((plan) => Number.isInteger(plan.price) && plan.duration > 0)).toBe(true);
  });

  it('refuses a caller without a token', async () => {
    expect((await api.call('GET', '/users/broker/getavailablebrokers')).status).toBe(401);
  });
});

describe('POST /users/broker/connectbroker', () => {
  it('connects a paper account at once, with a fresh paper state, a notification and an activity entry', async () => {
    const alice = await createTestUser();
    const answer = await post(alice, 'connectbroker', { broker: 'paper' });
    const { account, login_url } = dataOf<{ account: Account; login_url: string | null }>(answer);
    expect(login_url).toBeNull();
    expect(account).toMatchObject({ broker: 'paper', status: 'connected', trading_enabled: false, credentials_configured: false });
    expect(account.broker_combined_name).toMatch(/^Paper Trading \(/);
    const { Item: paper } = await dynamo().send(
      new GetCommand({ TableName: config().tableName, Key: paperStateKeys.item(alice.user.frch_id, alice.user.user_id, account.broker_id) }),
    );
    expect(paper).toMatchObject({ entity: 'paper-state', v: 0 });
    expect(paperStateOfItem(paper).state).toMatchObject({ accountId: account.broker_id, orders: [], positions: [] });
    const notifications = await partitionItems(alice, 'NOTIF#');
    expect(notifications.map((n) => n.notify_type)).toContain('Broker Connected');
    const activities = await partitionItems(alice, 'ACT#');
    expect(activities.map((a) => a.action)).toContain('Connected broker account');
  });

  it('refuses bad input with 400: no broker, an unknown broker, wrong types, credentials of the wrong shape', async () => {
    const alice = await createTestUser();
    const bodies = [
      {},
      { broker: 'robinhood' },
      { broker: 42 },
      { broker: 'zerodha' },
      { broker: 'zerodha', credentials: { api_key: 'abc123xyz' } },
      { broker: 'zerodha', credentials: { api_key: 'abc123xyz', api_secret: 'has spaces in it' } },
      { broker: 'angelone', credentials: { client_code: 'A1', pin: 'abcd', totp_secret: 'not base32!', api_key: 'k' } },
      { broker: 'paper', credentials: { api_key: 'x' } },
    ];
    for (const body of bodies) {
      const answer = await post(alice, 'connectbroker', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await partitionItems(alice, 'BRK#')).toEqual([]);
  });

  it('answers 400 for Upstox, Fyers and Dhan credentials that do not fit the broker, and stores nothing', async () => {
    const alice = await createTestUser();
    for (const broker of ['upstox', 'fyers', 'dhan']) {
      const answer = await post(alice, 'connectbroker', { broker, credentials: { api_key: 'x' } });
      expect(answer.status).toBe(400);
    }
    expect(await partitionItems(alice, 'BRK#')).toEqual([]);
  });
});

describe("the caller's accounts", () => {
  it('lists live accounts and names, answers one account by id, and 404s an unknown id', async () => {
    const alice = await createTestUser();
    const first = await connectPaper(alice);
    const second = await connectPaper(alice);
    const listed = dataOf<Account[]>(await get(alice, 'getbrokers'));
    expect(listed.map((a) => a.broker_id)).toEqual([first.broker_id, second.broker_id]);
    for (const onlyMine of [true, false]) {
      const names = dataOf<{ broker_id: string; broker_combined_name: string }[]>(await post(alice, 'getbrokernames', { only_my_brokers: onlyMine }));
      expect(names.map((n) => n.broker_id)).toEqual([first.broker_id, second.broker_id]);
    }
    expect(dataOf<Account>(await post(alice, 'getbrokerinfo', { broker_id: second.broker_id })).broker_id).toBe(second.broker_id);
    expect((await post(alice, 'getbrokerinfo', { broker_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).status).toBe(404);
    expect((await post(alice, 'getbrokerinfo', { broker_id: 'not-an-id' })).status).toBe(400);
    expect((await post(alice, 'getbrokernames', { only_my_brokers: 'yes' })).status).toBe(400);
  });

  it('sets the note, the trading flag and the auto-renew flag, each with an activity entry', async () => {
    const alice = await createTestUser();
    const account = await connectPaper(alice);
    expect(dataOf<Account>(await post(alice, 'addbrokernote', { broker_id: account.broker_id, note: '  swing account  ' })).note).toBe('swing account');
    expect(dataOf<Account>(await post(alice, 'updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true })).trading_enabled).toBe(true);
    expect(dataOf<Account>(await post(alice, 'updateautorenewflag', { broker_id: account.broker_id, auto_renew: true })).auto_renew).toBe(true);
    const actions = (await partitionItems(alice, 'ACT#')).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['Changed broker account note', 'Changed broker trading flag', 'Changed broker auto-renew flag']));
  });

  it('refuses bad flag and note input with 400', async () => {
    const alice = await createTestUser();
    const account = await connectPaper(alice);
    expect((await post(alice, 'addbrokernote', { broker_id: account.broker_id, note: 'x'.repeat(201) })).status).toBe(400);
    expect((await post(alice, 'addbrokernote', { broker_id: account.broker_id })).status).toBe(400);
    expect((await post(alice, 'updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: 'true' })).status).toBe(400);
    expect((await post(alice, 'updateautorenewflag', { broker_id: account.broker_id })).status).toBe(400);
    expect((await post(alice, 'refresh', {})).status).toBe(400);
  });

  it('refreshes a paper account with its paper funds, one by one and all together', async () => {
    const alice = await createTestUser();
    const account = await connectPaper(alice);
    const refreshed = dataOf<Account>(await post(alice, 'refresh', { broker_id: account.broker_id }));
    expect(refreshed.funds).toMatchObject({ available: 1_000_000, used: 0 });
    const all = dataOf<{ accounts: Account[]; refreshed: number; failed: number }>(await get(alice, 'refreshall'));
    expect(all).toMatchObject({ refreshed: 1, failed: 0 });
    expect(all.accounts[0]?.funds?.available).toBe(1_000_000);
  });
});

describe('removing accounts and the status machine', () => {
  it('removes an account: status deleted, notification, gone from the lists, kept for the dashboard', async () => {
    const alice = await createTestUser();
    const account = await connectPaper(alice);
    const removed = dataOf<{ account: Account; refunded_credits: number }>(await post(alice, 'removebroker', { broker_id: account.broker_id }));
    expect(removed).toMatchObject({ account: { status: 'deleted', trading_enabled: false }, refunded_credits: 0 });
    expect(dataOf<Account[]>(await get(alice, 'getbrokers'))).toEqual([]);
    expect((await partitionItems(alice, 'NOTIF#')).map((n) => n.notify_type)).toContain('Broker Removed');
    const dashboard = dataOf<{ broker_accounts: Record<string, number> }>(await api.call('GET', '/users/dashboard', { token: alice.token }));
    expect(dashboard.broker_accounts).toMatchObject({ connected: 0, deleted: 1 });
  });

  it('refuses every change to a removed account with 422 and changes nothing', async () => {
    const alice = await createTestUser();
    const account = await connectPaper(alice);
    await post(alice, 'removebroker', { broker_id: account.broker_id });
    const before = await storedAccount(alice, account.broker_id);
    const calls: [string, Record<string, unknown>][] = [
      ['reconnect', {}],
      ['removebroker', {}],
      ['refresh', {}],
      ['addbrokernote', { note: 'again' }],
      ['updatebrokertradingflag', { trading_enabled: true }],
      ['updateautorenewflag', { auto_renew: true }],
      ['getdeleterefundnote', {}],
      ['updatebrokersubscription', { plan_id: 'monthly', idempotency_key: 'removed-account-key' }],
    ];
    for (const [call, extra] of calls) {
      const answer = await post(alice, call, { broker_id: account.broker_id, ...extra });
      expect(answer.status, call).toBe(422);
      expect(errorOf(answer), call).toBe('This broker account has been removed.');
    }
    expect(await storedAccount(alice, account.broker_id)).toEqual(before);
  });

  it('removes all of the caller’s live accounts and leaves other users alone', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await connectPaper(alice);
    await connectPaper(alice);
    const bobs = await connectPaper(bob);
    expect(dataOf<{ removed: number }>(await post(alice, 'removeallselfbrokers', {})).removed).toBe(2);
    expect(dataOf<{ removed: number }>(await post(alice, 'removeallselfbrokers', {})).removed).toBe(0);
    expect(dataOf<Account[]>(await get(bob, 'getbrokers')).map((a) => a.broker_id)).toEqual([bobs.broker_id]);
  });

  it("answers another user's account id with 404 and leaves it unchanged", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const account = await connectPaper(alice);
    const before = await storedAccount(alice, account.broker_id);
    for (const call of ['getbrokerinfo', 'removebroker', 'reconnect', 'refresh', 'getdeleterefundnote']) {
      expect((await post(mallory, call, { broker_id: account.broker_id })).status, call).toBe(404);
    }
    expect(await storedAccount(alice, account.broker_id)).toEqual(before);
  });

  it('reconnects a connected paper account as it is', async () => {
    const alice = await createTestUser();
    const account = await connectPaper(alice);
    const answer = dataOf<{ account: Account; login_url: string | null }>(await post(alice, 'reconnect', { broker_id: account.broker_id }));
    expect(answer).toMatchObject({ account: { status: 'connected' }, login_url: null });
  });
});
