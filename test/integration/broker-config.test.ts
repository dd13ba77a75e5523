import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { allowedBrokersContracts } from '../../shared/contracts/allowed-brokers';
import { brokerContracts } from '../../shared/contracts/broker';
import { MASKED_SECRET } from '../../shared/contracts/config-groups/config-group';
import { panelConfigContracts } from '../../shared/contracts/panel-configs';
import type { RoleFlags } from '../../shared/domain/roles';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { completeKiteLogin } from '../../functions/broker-accounts/sessions/kite-session';
import { getPanelConfigItem } from '../../functions/data/panel-configs/panel-config-repository';
import { resetConfigForTests } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway, type ApiAnswer, type CallOptions } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { createTestUser, type TestUser } from '../support/users';

/**
 * BROKER_CONFIG in effect (issue 18): the brokers a franchise offers shape its catalog and refuse the
 * others' connects and reconnects; the franchise's own Kite app logs its users in and signs their calls
 * (checked by the Kite fake, which knows only the franchise's key and secret); another franchise keeps
 * asking each user for an app of their own. Each franchise here is this file's own (own host).
 */
process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');

const api = useGateway();
const log = createLogger();
const KITE_LOGIN_PAGE = 'https://kite.example.test/connect/login';
/** The franchise's Kite app; the secret is a canary that must never leave the server. */
const FRANCHISE_KITE = { key: `frkite${randomBytes(5).toString('hex')}`, secret: `CANARYkite${randomBytes(12).toString('hex')}` };
const FYERS_CANARY = `CANARYfyers${randomBytes(8).toString('hex')}`;
const OWN_KITE = { api_key: 'ownkitekey1234', api_secret: 'ownKiteSecret5678' };
const answers: string[] = [];

interface Franchise {
  readonly frchId: number;
  readonly admin: TestUser;
  call(who: TestUser, method: string, path: string, options?: Omit<CallOptions, 'token' | 'host'>): Promise<ApiAnswer>;
  newUser(roles?: Partial<RoleFlags>): Promise<TestUser>;
}

async function newFranchise(): Promise<Franchise> {
  const frchId = 500_000 + randomInt(0, 199_999);
  const host = `brokers-${frchId}.localhost`;
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
  const admin = await createTestUser({ frchId, roles: { is_brokerpanel: true } });
  return {
    frchId,
    admin,
    async call(who, method, path, options = {}) {
      const answer = await api.call(method, path, { ...options, token: who.token, host });
      answers.push(answer.text);
      return answer;
    },
    newUser: (roles = {}) => createTestUser({ frchId, roles }),
  };
}

const CONFIG = {
  allowed_brokers: ['zerodha', 'angelone', 'fyers', 'dhan'],
  kite_api_key: FRANCHISE_KITE.key,
  kite_api_secret: FRANCHISE_KITE.secret,
  upstox_api_key: '',
  upstox_api_secret: '',
  fyers_app_id: '',
  fyers_app_secret: FYERS_CANARY,
  algo_ids: { zerodha: 'ALGO42', angelone: '', upstox: '', fyers: '', dhan: '' },
};

const save = (f: Franchise, who: TestUser, config: unknown) => f.call(who, 'POST', '/users/brokerpanelconfigs/updateconfigs', { body: { config_type: 'BROKER_CONFIG', config } });
const catalogOf = async (f: Franchise, who: TestUser) => dataOf(await f.call(who, 'GET', '/users/broker/getavailablebrokers'), brokerContracts.getAvailableBrokers.response);
const allowedOf = async (f: Franchise, who: TestUser) => dataOf(await f.call(who, 'GET', '/users/brokerpanelconfigs/getallowedbrokers'), allowedBrokersContracts.getAllowedBrokers.response);
const connect = (f: Franchise, who: TestUser, body: unknown) => f.call(who, 'POST', '/users/broker/connectbroker', { body });
const connected = async (f: Franchise, who: TestUser, body: unknown) => dataOf(await connect(f, who, body), brokerContracts.connectBroker.response);
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

let kite: KiteFake;
let franchise: Franchise;
let other: Franchise;

beforeAll(async () => {
  kite = await startKiteFake({ apiKey: FRANCHISE_KITE.key, apiSecret: FRANCHISE_KITE.secret, instruments: [], availableCash: 180_000 });
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = KITE_LOGIN_PAGE;
  franchise = await newFranchise();
  other = await newFranchise();
});

afterAll(async () => {
  await kite.stop();
});

describe('BROKER_CONFIG', () => {
  it('offers every broker before a save, with the redirect URL of the host', async () => {
    const trader = await other.newUser();
    const allowed = await allowedOf(other, trader);
    expect(allowed.brokers.map((broker) => broker.broker)).toEqual(['paper', 'zerodha', 'angelone', 'upstox', 'fyers', 'dhan']);
    expect(allowed.brokers.every((broker) => !broker.franchise_app)).toBe(true);
    expect(allowed.redirect_url).toBe(`https://brokers-${other.frchId}.localhost/platform/dematconnected`);
    const view = dataOf(await other.call(other.admin, 'GET', '/users/brokerpanelconfigs/getbrokerpanelconfigs?config_type=BROKER_CONFIG'), panelConfigContracts.getBrokerPanelConfigs.response);
    expect(view.groups).toEqual([expect.objectContaining({ config_type: 'BROKER_CONFIG', configured: false, config: expect.objectContaining({ allowed_brokers: ['zerodha', 'angelone', 'upstox', 'fyers', 'dhan'] }) })]);
  });

  it('refuses bad input with 400 and saves nothing; only the broker panel may save', async () => {
    const f = await newFranchise();
    for (const bad of [
      { ...CONFIG, allowed_brokers: ['zerodha', 'sharekhan'] },
      { ...CONFIG, allowed_brokers: [] },
      { ...CONFIG, allowed_brokers: ['paper'] },
      { ...CONFIG, kite_api_key: 'bad key!' },
      { ...CONFIG, algo_ids: { ...CONFIG.algo_ids, dhan: 'not allowed here' } },
      { ...CONFIG, smtp_host: 'mail.example.com' },
    ]) {
      const answer = await save(f, f.admin, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toMatchObject({ status: false });
    }
    expectError(await save(f, f.admin, { ...CONFIG, allowed_brokers: [] }), 400);
    const whiteLabel = await f.newUser({ is_white_label: true });
    expectError(await save(f, whiteLabel, CONFIG), 403, 'Only the broker panel may change the Brokers settings.');
    expectError(await save(f, await f.newUser(), CONFIG), 403);
    expect(await getPanelConfigItem(f.frchId, 'BROKER_CONFIG')).toBeNull();
    // Every signed-in user of the franchise reads what it offers.
    expect((await allowedOf(f, whiteLabel)).brokers).toHaveLength(6);
  });

  it('a broker switched off leaves the catalog; connecting it is refused, paper stays; a Kite account connected before keeps working', async () => {
    const trader = await franchise.newUser();
    // Before the save: an Upstox account waiting for its login, and a Kite account on the user's own app.
    const upstox = await connected(franchise, trader, { broker: 'upstox', credentials: { api_key: 'upstoxkey123', api_secret: 'upstoxsecret456' } });
    const saved = dataOf(await save(franchise, franchise.admin, CONFIG), panelConfigContracts.updateConfigs.response);
    expect(saved).toMatchObject({ configured: true, secrets_set: { kite_api_secret: true, fyers_app_secret: true, upstox_api_secret: false } });
    expect(saved.config).toMatchObject({ kite_api_key: FRANCHISE_KITE.key, kite_api_secret: MASKED_SECRET, algo_ids: { zerodha: 'ALGO42' } });

    const catalog = await catalogOf(franchise, trader);
    expect(catalog.map((entry) => entry.broker)).toEqual(['paper', 'zerodha', 'angelone', 'fyers', 'dhan']);
    expect(catalog.find((entry) => entry.broker === 'zerodha')).toMatchObject({ franchise_app: true, credential_fields: [] });
    // Fyers: a secret without an app id is no app; its users keep entering their own.
    expect(catalog.find((entry) => entry.broker === 'fyers')?.credential_fields.map((field) => field.name)).toEqual(['app_id', 'app_secret', 'pin']);
    const allowed = await allowedOf(franchise, trader);
    expect(allowed.brokers.map((entry) => [entry.broker, entry.franchise_app])).toEqual([
      ['paper', false],
      ['zerodha', true],
      ['angelone', false],
      ['fyers', false],
      ['dhan', false],
    ]);

    const refused = await connect(franchise, trader, { broker: 'upstox', credentials: { api_key: 'upstoxkey123', api_secret: 'upstoxsecret456' } });
    expectError(refused, 422, 'Your broker does not offer Upstox on this platform.');
    expectError(await franchise.call(trader, 'POST', '/users/broker/reconnect', { body: { broker_id: upstox.account.broker_id } }), 422, 'Your broker does not offer Upstox on this platform.');
    // The account is still the user's to see (and remove).
    const accounts = dataOf(await franchise.call(trader, 'GET', '/users/broker/getbrokers'), brokerContracts.getBrokers.response);
    expect(accounts.map((account) => account.broker)).toContain('upstox');
    expect((await connected(franchise, trader, { broker: 'paper' })).account.status).toBe('connected');

    // Switching Zerodha off too: a Kite session made before keeps reading funds (orders go the same way).
    const kiteAccount = await connected(franchise, trader, { broker: 'zerodha', credentials: {} });
    await completeKiteLogin(ownerOf(trader), kiteAccount.account.broker_id, kite.issueRequestToken(), log);
    dataOf(await save(franchise, franchise.admin, { ...CONFIG, allowed_brokers: ['angelone'], kite_api_secret: MASKED_SECRET, fyers_app_secret: '' }), panelConfigContracts.updateConfigs.response);
    const refreshed = dataOf(await franchise.call(trader, 'POST', '/users/broker/refresh', { body: { broker_id: kiteAccount.account.broker_id } }), brokerContracts.refresh.response);
    expect(refreshed).toMatchObject({ status: 'connected', funds: { available: 180_000 } });
    expectError(await connect(franchise, trader, { broker: 'zerodha', credentials: {} }), 422, 'Your broker does not offer Zerodha Kite on this platform.');
    dataOf(await save(franchise, franchise.admin, { ...CONFIG, kite_api_secret: '', fyers_app_secret: '' }), panelConfigContracts.updateConfigs.response);
  });

  it("logs the franchise's users in with its own Kite app: the key in the login URL, the key and secret in the token exchange, the key on every call", async () => {
    const trader = await franchise.newUser();
    dataOf(await save(franchise, franchise.admin, { ...CONFIG, kite_api_secret: MASKED_SECRET, fyers_app_secret: '' }), panelConfigContracts.updateConfigs.response);
    const { account, login_url } = await connected(franchise, trader, { broker: 'zerodha', credentials: {} });
    expect(new URL(login_url ?? '').searchParams.get('api_key')).toBe(FRANCHISE_KITE.key);
    const sessionsBefore = kite.server.callCount('session');
    const loggedIn = await completeKiteLogin(ownerOf(trader), account.broker_id, kite.issueRequestToken(), log);
    expect(loggedIn.status).toBe('connected');
    expect(kite.server.callCount('session')).toBe(sessionsBefore + 1);
    const refreshed = dataOf(await franchise.call(trader, 'POST', '/users/broker/refresh', { body: { broker_id: account.broker_id } }), brokerContracts.refresh.response);
    expect(refreshed).toMatchObject({ status: 'connected', funds: { available: 180_000 } });
    expect(kite.server.calls.at(-1)?.request.headers.authorization).toBe(`token ${FRANCHISE_KITE.key}:${kite.accessToken()}`);
    // A user who brings an app of their own keeps it.
    const own = await connected(franchise, trader, { broker: 'zerodha', credentials: OWN_KITE });
    expect(new URL(own.login_url ?? '').searchParams.get('api_key')).toBe(OWN_KITE.api_key);
    // Half an app is no app.
    expectError(await connect(franchise, trader, { broker: 'zerodha', credentials: { api_key: OWN_KITE.api_key } }), 400);
  });

  it('another franchise keeps asking each user for an app of their own', async () => {
    const trader = await other.newUser();
    const zerodha = (await catalogOf(other, trader)).find((entry) => entry.broker === 'zerodha');
    expect(zerodha).toMatchObject({ franchise_app: false });
    expect(zerodha?.credential_fields.map((field) => field.name)).toEqual(['api_key', 'api_secret']);
    expectError(
      await connect(other, trader, { broker: 'zerodha', credentials: {} }),
      422,
      "Enter your Zerodha Kite app's key and secret: this platform has no Zerodha Kite app of its own.",
    );
    const own = await connected(other, trader, { broker: 'zerodha', credentials: OWN_KITE });
    expect(new URL(own.login_url ?? '').searchParams.get('api_key')).toBe(OWN_KITE.api_key);
  });

  it('keeps the app secrets out of every answer, log line and the stored group', async () => {
    const item = await getPanelConfigItem(franchise.frchId, 'BROKER_CONFIG');
    expect(item).not.toBeNull();
    const stored = JSON.stringify(item);
    const everything = [answers.join('\n'), capturedLogs.join('\n'), stored];
    for (const canary of [FRANCHISE_KITE.secret, FYERS_CANARY]) {
      for (const text of everything) expect(text.includes(canary), `${canary.slice(0, 10)}… leaked`).toBe(false);
    }
    /** The app's key is no secret to the user (Kite's login page takes it in the URL) but stays out of the logs. */
    expect(capturedLogs.join('\n').includes(FRANCHISE_KITE.key)).toBe(false);
    expect(answers.join('\n')).toContain(MASKED_SECRET);
  });
});
