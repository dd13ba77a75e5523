import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticIpContracts } from '../../shared/contracts/ips';
import { createSealedAccount } from '../../functions/broker-accounts/integrations/sealed-account';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { completeUpstoxLogin } from '../../functions/broker-accounts/sessions/upstox-session';
import { getBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { EGRESS_ENV } from '../../functions/platform/config';
import { now } from '../../functions/platform/clock';
import { startEchoServer, type EchoServer } from '../../functions/platform/egress/echo-server';
import { createLogger } from '../../functions/platform/logger';
import { startUpstoxFake, type UpstoxFake } from '../fakes/upstox-fake';
import { dataOf, expectError } from '../support/api-answers';
import { useEgressProxy } from '../support/egress-proxy';
import { useGateway } from '../support/gateway';
import { useIpFranchise } from '../support/static-ip-pool';

process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');

/**
 * A bought IP's egress is real (issue 20): `checkegress` asks the echo service through the proxy which
 * address the call left from; with the proxy unreachable it fails with the reason and never goes direct.
 * Binding an Upstox account registers the address with Upstox, which ends the session (reconnect asked).
 */
const api = useGateway();
const proxy = useEgressProxy();
const pool = useIpFranchise(api);
const IPS = '/users/ips/';
const key = () => `egress-${randomUUID().slice(0, 18)}`;
let echo: EchoServer;

beforeAll(async () => {
  echo = await startEchoServer({ host: '127.0.0.1', port: 0 });
  process.env[EGRESS_ENV.echoUrl] = echo.url;
});
afterAll(async () => {
  await echo.stop();
});

describe('the egress check', () => {
  it('answers the address the far side saw: the IP’s own', async () => {
    const franchise = pool();
    await franchise.addLoopbackSlots(['127.0.0.7'], proxy.url());
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 1_000_00);
    const { ip } = dataOf(await franchise.call(buyer, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key() }), staticIpContracts.purchaseStaticIp.response);
    const checked = dataOf(await franchise.call(buyer, 'POST', `${IPS}checkegress`, { ip_id: ip.ip_id }), staticIpContracts.checkEgress.response);
    expect(checked).toMatchObject({ address_seen: '127.0.0.7', expected: '127.0.0.7', matches: true });
  });

  it('fails with the reason when the proxy cannot be reached (422), never from the server’s own address', async () => {
    const franchise = pool();
    await franchise.addLoopbackSlots(['127.0.0.8'], 'http://127.0.0.1:9');
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 1_000_00);
    const { ip } = dataOf(await franchise.call(buyer, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key() }), staticIpContracts.purchaseStaticIp.response);
    const refused = expectError(await franchise.call(buyer, 'POST', `${IPS}checkegress`, { ip_id: ip.ip_id }), 422);
    expect(refused.message).toMatch(/^The egress check from 127\.0\.0\.8 failed: /);
  });
});

describe('registration with Upstox', () => {
  const API_KEY = 'a1b2c3d4-0000-4bcd-9def-upstoxfake01';
  const API_SECRET = 'upstoxfakesecret9';
  const REDIRECT_URI = 'https://app.example.test/dematconnected';
  let fake: UpstoxFake;

  beforeAll(async () => {
    fake = await startUpstoxFake({ apiKey: API_KEY, apiSecret: API_SECRET, instruments: [{ instrumentKey: 'NSE_EQ|INE009A01021', tradingSymbol: 'INFY', lastPrice: 1500.5 }], now: () => now().getTime() });
    process.env[BROKER_ENDPOINT_ENV.upstoxApi] = fake.apiUrl;
    process.env[BROKER_ENDPOINT_ENV.upstoxOrderApi] = fake.orderUrl;
  });
  afterAll(async () => {
    delete process.env[BROKER_ENDPOINT_ENV.upstoxApi];
    delete process.env[BROKER_ENDPOINT_ENV.upstoxOrderApi];
    await fake.stop();
  });

  it('registers the bound address as the primary IP, and the account asks for a reconnect (Upstox ends its session)', async () => {
    const franchise = pool();
    await franchise.addLoopbackSlots(['127.0.0.9'], proxy.url());
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 1_000_00);
    const owner = { frchId: franchise.frchId, userId: buyer.userId };
    const sealed = await createSealedAccount(owner, 'upstox', { api_key: API_KEY, api_secret: API_SECRET }, now());
    const account = await completeUpstoxLogin(owner, sealed.broker_id, fake.issueAuthCode(REDIRECT_URI), REDIRECT_URI, createLogger());
    expect(account.status).toBe('connected');

    const { ip } = dataOf(
      await franchise.call(buyer, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key(), broker_ids: [account.broker_id] }),
      staticIpContracts.purchaseStaticIp.response,
    );
    expect(fake.registeredIps('UPX123')).toMatchObject({ primary: '127.0.0.9' });
    const stored = await getBrokerAccount(owner, account.broker_id);
    expect(stored).toMatchObject({ status: 'expired', egress: { ip_id: ip.ip_id, registration: 'registered', registration_error: null } });
    const notes = await franchise.call(buyer, 'POST', '/users/getusernotifications', { offset: 0, limit: 5 });
    expect(notes.text.toLowerCase()).toContain('reconnect');
  });
});
