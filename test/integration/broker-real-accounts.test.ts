import { randomBytes } from 'node:crypto';
import { nowMs } from '../../functions/platform/clock';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeKiteLogin } from '../../functions/broker-accounts/sessions/kite-session';
import { openCredentials, openSession } from '../../functions/broker-accounts/sessions/account-secrets';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { getBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { brokerAccountKeys, userKeys } from '../../functions/data/keys';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { SecretDecryptionError } from '../../functions/platform/secrets/sealed-secret';
import { startAngelFake, type AngelFake } from '../fakes/angel-fake';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { createTestUser, type TestUser } from '../support/users';

process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();
const log = createLogger();
const KITE_LOGIN_PAGE = 'https://kite.example.test/connect/login';
const KITE = { api_key: 'kitecanarykey7788', api_secret: 'kiteCANARYsecret0123456789abcdef' };
const ANGEL = { client_code: 'A123456', pin: '4321', totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', api_key: 'angelCANARYkey42' };

type Account = {
  broker_id: string;
  status: string;
  broker_user_id: string | null;
  credentials_configured: boolean;
  session_valid_until: string | null;
  funds: { available: number; used: number } | null;
};

let kite: KiteFake;
let angel: AngelFake;
/** Every answer's text, for the canary scan. */
const answerTexts: string[] = [];

beforeAll(async () => {
  kite = await startKiteFake({ apiKey: KITE.api_key, apiSecret: KITE.api_secret, instruments: [], availableCash: 250_000 });
  angel = await startAngelFake({ apiKey: ANGEL.api_key, clientCode: ANGEL.client_code, pin: ANGEL.pin, totpSecret: ANGEL.totp_secret, instruments: [], availableCash: 75_000 });
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = KITE_LOGIN_PAGE;
  process.env[BROKER_ENDPOINT_ENV.angelApi] = angel.url;
});

afterAll(async () => {
  await kite.stop();
  await angel.stop();
});

async function post(who: TestUser, call: string, body: unknown): Promise<ApiAnswer> {
  const answer = await api.call('POST', `/users/broker/${call}`, { token: who.token, body });
  answerTexts.push(answer.text);
  return answer;
}

const dataOf = <T>(answer: ApiAnswer): T => {
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { data: T }).data;
};
const errorOf = (answer: ApiAnswer) => (answer.body as { error: { message: string } }).error.message;
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function stored(who: TestUser, accountId: string) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: brokerAccountKeys.item(who.user.frch_id, who.user.user_id, accountId), ConsistentRead: true }));
  return Item ?? {};
}

async function partitionDump(who: TestUser): Promise<string> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({ TableName: config().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userKeys.partition(who.user.frch_id, who.user.user_id) } }),
  );
  return JSON.stringify(Items);
}

async function connectAngel(who: TestUser): Promise<Account> {
  return dataOf<{ account: Account }>(await post(who, 'connectbroker', { broker: 'angelone', credentials: ANGEL })).account;
}

async function connectKite(who: TestUser): Promise<{ account: Account; login_url: string | null }> {
  return dataOf<{ account: Account; login_url: string | null }>(await post(who, 'connectbroker', { broker: 'zerodha', credentials: KITE }));
}

describe('Angel One accounts (against the SmartAPI fake)', () => {
  it('logs in at once and connects, storing only sealed secrets and a session-index entry', async () => {
    const alice = await createTestUser();
    const account = await connectAngel(alice);
    expect(account).toMatchObject({ status: 'connected', broker_user_id: 'A123456', credentials_configured: true });
    const validFor = Date.parse(account.session_valid_until ?? '') - nowMs();
    expect(validFor).toBeGreaterThan(23 * 3_600_000);
    const item = await stored(alice, account.broker_id);
    expect(Object.keys(item.sealed_credentials ?? {}).sort()).toEqual(['api_key', 'client_code', 'pin', 'totp_secret']);
    for (const sealed of Object.values<Record<string, unknown>>(item.sealed_credentials)) {
      expect(Object.keys(sealed).sort()).toEqual(['ct', 'edk', 'iv', 'kid', 'tag', 'v']);
      expect(Buffer.from(String(sealed.iv), 'base64')).toHaveLength(12);
      expect(Buffer.from(String(sealed.tag), 'base64')).toHaveLength(16);
    }
    expect(String(item.GSI1PK)).toMatch(/^BRKSESS#\d$/);
    expect(String(item.GSI1SK)).toMatch(new RegExp(`^${account.session_valid_until}#1#${alice.user.user_id}#${account.broker_id}$`));
    expect(await openCredentials(ownerOf(alice), await getBrokerAccount(ownerOf(alice), account.broker_id).then((a) => a ?? Promise.reject(new Error('gone'))))).toEqual(ANGEL);
  });

  it('refuses credentials Angel rejects with 422 and stores nothing', async () => {
    const alice = await createTestUser();
    const answer = await post(alice, 'connectbroker', { broker: 'angelone', credentials: { ...ANGEL, pin: '9999' } });
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toMatch(/^Angel One login failed/);
    expect(dataOf<Account[]>(await api.call('GET', '/users/broker/getbrokers', { token: alice.token }))).toEqual([]);
  });

  it('refreshes funds through the adapter and reconnects with a new session', async () => {
    const alice = await createTestUser();
    const account = await connectAngel(alice);
    const refreshed = dataOf<Account>(await post(alice, 'refresh', { broker_id: account.broker_id }));
    expect(refreshed.funds).toMatchObject({ available: 75_000, used: 0 });
    const sessionBefore = (await stored(alice, account.broker_id)).sealed_session;
    const again = dataOf<{ account: Account; login_url: string | null }>(await post(alice, 'reconnect', { broker_id: account.broker_id }));
    expect(again).toMatchObject({ account: { status: 'connected' }, login_url: null });
    expect((await stored(alice, account.broker_id)).sealed_session).not.toEqual(sessionBefore);
  });

  it('will not decrypt secrets moved into another user’s account', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const alices = await connectAngel(alice);
    const bobs = await connectAngel(bob);
    const stolen = (await stored(alice, alices.broker_id)).sealed_credentials;
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: brokerAccountKeys.item(bob.user.frch_id, bob.user.user_id, bobs.broker_id),
        UpdateExpression: 'SET sealed_credentials = :stolen',
        ExpressionAttributeValues: { ':stolen': stolen },
      }),
    );
    const bobsAccount = await getBrokerAccount(ownerOf(bob), bobs.broker_id);
    if (!bobsAccount) throw new Error('account missing');
    await expect(openCredentials(ownerOf(bob), bobsAccount)).rejects.toBeInstanceOf(SecretDecryptionError);
    const answer = await post(bob, 'reconnect', { broker_id: bobs.broker_id });
    expect(answer.status).toBe(500);
  });
});

describe('Zerodha accounts (against the Kite fake)', () => {
  it('stores the credentials sealed and answers the Kite login page, the account available until the login completes', async () => {
    const alice = await createTestUser();
    const { account, login_url } = await connectKite(alice);
    expect(account).toMatchObject({ status: 'available', credentials_configured: true, session_valid_until: null, broker_user_id: null });
    const url = new URL(login_url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(KITE_LOGIN_PAGE);
    expect(url.searchParams.get('api_key')).toBe(KITE.api_key);
    expect(url.searchParams.get('v')).toBe('3');
    expect(new URLSearchParams(url.searchParams.get('redirect_params') ?? '').get('broker_id')).toBe(account.broker_id);
    expect((await stored(alice, account.broker_id)).GSI1PK).toBeUndefined();
    const refresh = await post(alice, 'refresh', { broker_id: account.broker_id });
    expect(refresh.status).toBe(422);
    expect(errorOf(refresh)).toBe('Connect this broker account first.');
  });

  it('completes the login with the request token Kite sent back, then reads funds', async () => {
    const alice = await createTestUser();
    const { account } = await connectKite(alice);
    const connected = await completeKiteLogin(ownerOf(alice), account.broker_id, kite.issueRequestToken(), log);
    expect(connected).toMatchObject({ status: 'connected', broker_user_id: 'AB1234' });
    const validUntil = new Date(connected.session_valid_until ?? '');
    expect(validUntil.getUTCHours() * 60 + validUntil.getUTCMinutes()).toBe(30);
    expect(await openSession(ownerOf(alice), connected)).toEqual({ access_token: kite.accessToken() });
    const refreshed = dataOf<Account>(await post(alice, 'refresh', { broker_id: account.broker_id }));
    expect(refreshed).toMatchObject({ status: 'connected', funds: { available: 250_000 } });
    const notifications = await partitionDump(alice);
    expect(notifications).toContain('Broker Connected');
  });

  it('refuses a reused request token with 422 and leaves the account as it was', async () => {
    const alice = await createTestUser();
    const { account } = await connectKite(alice);
    const token = kite.issueRequestToken();
    const other = await connectKite(alice);
    await completeKiteLogin(ownerOf(alice), other.account.broker_id, token, log);
    const before = await stored(alice, account.broker_id);
    await expect(completeKiteLogin(ownerOf(alice), account.broker_id, token, log)).rejects.toMatchObject({ status: 422 });
    expect(await stored(alice, account.broker_id)).toEqual(before);
  });

  it('marks the account expired when Kite no longer honours the session, and tells the user', async () => {
    const alice = await createTestUser();
    const { account } = await connectKite(alice);
    await completeKiteLogin(ownerOf(alice), account.broker_id, kite.issueRequestToken(), log);
    kite.invalidateSession();
    const refreshed = dataOf<Account>(await post(alice, 'refresh', { broker_id: account.broker_id }));
    expect(refreshed.status).toBe('expired');
    const item = await stored(alice, account.broker_id);
    expect(item.GSI1PK).toBeUndefined();
    expect(item.sealed_session).toBeUndefined();
    expect(await partitionDump(alice)).toContain('Broker Expired');
    const again = dataOf<{ account: Account; login_url: string }>(await post(alice, 'reconnect', { broker_id: account.broker_id }));
    expect(again.login_url).toContain(KITE_LOGIN_PAGE);
    const back = await completeKiteLogin(ownerOf(alice), account.broker_id, kite.issueRequestToken(), log);
    expect(back.status).toBe('connected');
  });

  it('wipes the secrets and the session index when the account is removed', async () => {
    const alice = await createTestUser();
    const { account } = await connectKite(alice);
    await completeKiteLogin(ownerOf(alice), account.broker_id, kite.issueRequestToken(), log);
    dataOf(await post(alice, 'removebroker', { broker_id: account.broker_id }));
    const item = await stored(alice, account.broker_id);
    expect(item).toMatchObject({ status: 'deleted' });
    for (const gone of ['sealed_credentials', 'sealed_session', 'GSI1PK', 'GSI1SK']) expect(item[gone], gone).toBeUndefined();
    const answer = await post(alice, 'reconnect', { broker_id: account.broker_id });
    expect(answer.status).toBe(422);
  });
});

describe('secrets never leave the server', () => {
  it('keeps every credential and session token out of answers, logs and the stored items', async () => {
    const alice = await createTestUser();
    const angelAccount = await connectAngel(alice);
    const { account } = await connectKite(alice);
    await completeKiteLogin(ownerOf(alice), account.broker_id, kite.issueRequestToken(), log);
    await post(alice, 'refresh', { broker_id: angelAccount.broker_id });
    answerTexts.push((await api.call('GET', '/users/broker/getbrokers', { token: alice.token })).text);
    answerTexts.push((await api.call('GET', '/users/broker/refreshall', { token: alice.token })).text);
    await post(alice, 'getbrokerinfo', { broker_id: account.broker_id });
    const angelItem = await getBrokerAccount(ownerOf(alice), angelAccount.broker_id);
    const angelTokens = angelItem ? await openSession(ownerOf(alice), angelItem) : null;
    const secrets = [KITE.api_secret, ANGEL.totp_secret, ANGEL.api_key, kite.accessToken(), angelTokens?.jwt_token ?? 'missing-jwt', angelTokens?.refresh_token ?? 'missing-refresh'];
    const dump = await partitionDump(alice);
    const answers = answerTexts.join('\n');
    const logs = capturedLogs.join('\n');
    for (const secret of secrets) expect(answers.includes(secret), `answer holds ${secret.slice(0, 4)}…`).toBe(false);
    /** Kite's API key is no secret to the user's browser: Kite's own login page takes it in the URL. */
    for (const canary of [...secrets, KITE.api_key]) {
      expect(logs.includes(canary), `log holds ${canary.slice(0, 4)}…`).toBe(false);
      expect(dump.includes(canary), `table holds ${canary.slice(0, 4)}…`).toBe(false);
    }
    expect(answers).toContain('"credentials_configured":true');
  });
});
