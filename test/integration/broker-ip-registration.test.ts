import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dhanIntegration } from '../../functions/broker-accounts/integrations/dhan';
import { createSealedAccount } from '../../functions/broker-accounts/integrations/sealed-account';
import { upstoxIntegration } from '../../functions/broker-accounts/integrations/upstox';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { dhanGrant } from '../../functions/broker-accounts/sessions/dhan-session';
import { storeSession } from '../../functions/broker-accounts/sessions/store-session';
import { completeUpstoxLogin } from '../../functions/broker-accounts/sessions/upstox-session';
import { BrokerRejectedError, BrokerSessionExpiredError } from '../../functions/broker-adapters/http/broker-errors';
import type { AccountOwner, BrokerAccountItem } from '../../functions/data/broker-accounts-repository';
import { now as clockNow, nowMs } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import type { Instrument } from '../../shared/domain/instruments';
import { startDhanFake, type DhanFake } from '../fakes/dhan-fake';
import { startUpstoxFake, type UpstoxFake } from '../fakes/upstox-fake';
import { createTestUser } from '../support/users';

process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');

/**
 * The platform registers an account's static IPs itself where the broker has an API for it (Upstox, Dhan),
 * through the integrations' `registerStaticIps` hook over the account's stored session. The fakes run on their
 * own clock, so the weekly rule is checked without the wall clock.
 */

const DAY_MS = 86_400_000;
const log = createLogger();
let fakeTime: number;
const fakeClock = () => fakeTime;

async function ownerOfNewUser(): Promise<AccountOwner> {
  const who = await createTestUser();
  return { frchId: who.user.frch_id, userId: who.user.user_id };
}

beforeEach(() => {
  fakeTime = Date.parse('2026-04-06T04:00:00Z');
});

describe('Upstox static-IP registration (PUT /v2/user/ip)', () => {
  const API_KEY = 'a1b2c3d4-0000-4bcd-9def-upstoxfake01';
  const API_SECRET = 'upstoxfakesecret9';
  const REDIRECT_URI = 'https://app.example.test/dematconnected';
  let fake: UpstoxFake;

  beforeEach(async () => {
    fake = await startUpstoxFake({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      instruments: [{ instrumentKey: 'NSE_EQ|INE009A01021', tradingSymbol: 'INFY', lastPrice: 1500.5 }],
      now: fakeClock,
    });
    process.env[BROKER_ENDPOINT_ENV.upstoxApi] = fake.apiUrl;
    process.env[BROKER_ENDPOINT_ENV.upstoxOrderApi] = fake.orderUrl;
  });

  afterEach(async () => {
    delete process.env[BROKER_ENDPOINT_ENV.upstoxApi];
    delete process.env[BROKER_ENDPOINT_ENV.upstoxOrderApi];
    await fake.stop();
  });

  /** A connected Upstox account: sealed app credentials, then the redirect login (a reconnect is the same). */
  async function connectedAccount(owner: AccountOwner, account?: BrokerAccountItem): Promise<BrokerAccountItem> {
    const available = account ?? (await createSealedAccount(owner, 'upstox', { api_key: API_KEY, api_secret: API_SECRET }, clockNow()));
    return completeUpstoxLogin(owner, available.broker_id, fake.issueAuthCode(REDIRECT_URI), REDIRECT_URI, log);
  }

  it('registers the IPs, which kills the session: the next order call is session-expired', async () => {
    const owner = await ownerOfNewUser();
    const account = await connectedAccount(owner);
    const register = upstoxIntegration.registerStaticIps;
    if (!register) throw new Error('the Upstox integration registers static IPs');

    await expect(register(owner, account, { primary: '127.0.0.2', secondary: '127.0.0.3' }, log)).resolves.toEqual({ sessionInvalidated: true });
    expect(fake.registeredIps('UPX123')).toMatchObject({ primary: '127.0.0.2', secondary: '127.0.0.3', primaryChangedAt: fakeTime });
    expect(JSON.parse(fake.requests('update-ip')[0]?.request.body ?? 'null')).toEqual({ primary_ip: '127.0.0.2', secondary_ip: '127.0.0.3' });

    const connection = await upstoxIntegration.open(owner, account, log);
    const infy: Instrument = {
      script_id: 'NSE:INFY',
      exchange: 'NSE',
      trading_symbol: 'INFY',
      name: 'INFOSYS',
      instrument_type: 'EQ',
      expiry: null,
      strike: null,
      lot_size: 1,
      tick_size: 0.05,
      broker_tokens: { upstox: 'NSE_EQ|INE009A01021' },
    };
    const order = { instrument: infy, action: 'BUY', orderType: 'LIMIT', product: 'INTRADAY', quantity: 1, price: 100, triggerPrice: null, tag: 'TB00000000000001' } as const;
    await expect(connection.adapter.placeOrder(order)).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    expect(fake.orders()).toHaveLength(0);
  });

  it('refuses a second change within the week in Upstox’s words, allows it after; the same IPs again send nothing', async () => {
    const owner = await ownerOfNewUser();
    const account = await connectedAccount(owner);
    const register = upstoxIntegration.registerStaticIps!;
    await register(owner, account, { primary: '127.0.0.2', secondary: null }, log);
    const reconnected = await connectedAccount(owner, account);

    await expect(register(owner, reconnected, { primary: '127.0.0.2', secondary: null }, log)).resolves.toEqual({ sessionInvalidated: false });
    expect(fake.callCount('update-ip')).toBe(1);

    fakeTime += 6 * DAY_MS;
    const tooSoon = register(owner, reconnected, { primary: '127.0.0.4', secondary: null }, log);
    await expect(tooSoon).rejects.toBeInstanceOf(BrokerRejectedError);
    await expect(tooSoon).rejects.toThrow(/Static IPs can only be changed once per calendar week/);
    expect(fake.registeredIps('UPX123')?.primary).toBe('127.0.0.2');

    fakeTime += DAY_MS;
    await expect(register(owner, reconnected, { primary: '127.0.0.4', secondary: null }, log)).resolves.toEqual({ sessionInvalidated: true });
    expect(fake.registeredIps('UPX123')).toMatchObject({ primary: '127.0.0.4', secondary: null });
  });

  it('needs a live session: an account whose session is gone is session-expired, and nothing is sent', async () => {
    const owner = await ownerOfNewUser();
    const available = await createSealedAccount(owner, 'upstox', { api_key: API_KEY, api_secret: API_SECRET }, clockNow());
    await expect(upstoxIntegration.registerStaticIps!(owner, available, { primary: '127.0.0.2', secondary: null }, log)).rejects.toBeInstanceOf(BrokerSessionExpiredError);
    expect(fake.callCount('get-ip') + fake.callCount('update-ip')).toBe(0);
  });
});

describe('Dhan static-IP registration (setIP / modifyIP)', () => {
  const CLIENT_ID = '1100012345';
  const CREDENTIALS = { client_id: CLIENT_ID, pin: '246810', totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
  let fake: DhanFake;

  beforeEach(async () => {
    fake = await startDhanFake({ clientId: CLIENT_ID, pin: CREDENTIALS.pin, totpSecret: CREDENTIALS.totp_secret, instruments: [], now: fakeClock });
    process.env[BROKER_ENDPOINT_ENV.dhanApi] = fake.url;
  });

  afterEach(async () => {
    delete process.env[BROKER_ENDPOINT_ENV.dhanApi];
    await fake.stop();
  });

  async function connectedAccount(owner: AccountOwner): Promise<BrokerAccountItem> {
    const available = await createSealedAccount(owner, 'dhan', CREDENTIALS, clockNow(), CLIENT_ID);
    return storeSession(owner, available, dhanGrant({ clientId: CLIENT_ID, accessToken: fake.seedSession(), validUntil: nowMs() + 3_600_000 }), log);
  }

  it('sets both IPs, keeps the session, refuses a modification within 7 days in Dhan’s words and allows it after', async () => {
    const owner = await ownerOfNewUser();
    const account = await connectedAccount(owner);
    const register = dhanIntegration.registerStaticIps;
    if (!register) throw new Error('the Dhan integration registers static IPs');

    await expect(register(owner, account, { primary: '127.0.0.2', secondary: '127.0.0.3' }, log)).resolves.toEqual({ sessionInvalidated: false });
    expect(fake.registeredIps(CLIENT_ID)).toMatchObject({ primary: '127.0.0.2', secondary: '127.0.0.3' });
    expect(fake.server.calls.filter((call) => call.route === 'set-ip').map((call) => JSON.parse(call.request.body))).toEqual([
      { dhanClientId: CLIENT_ID, ip: '127.0.0.2', ipFlag: 'PRIMARY' },
      { dhanClientId: CLIENT_ID, ip: '127.0.0.3', ipFlag: 'SECONDARY' },
    ]);

    fakeTime += 3 * DAY_MS;
    const tooSoon = register(owner, account, { primary: '127.0.0.4', secondary: '127.0.0.3' }, log);
    await expect(tooSoon).rejects.toBeInstanceOf(BrokerRejectedError);
    await expect(tooSoon).rejects.toThrow(/Static IP cannot be modified for 7 days after it is set/);
    expect(fake.registeredIps(CLIENT_ID)?.primary).toBe('127.0.0.2');

    fakeTime += 4 * DAY_MS;
    await expect(register(owner, account, { primary: '127.0.0.4', secondary: '127.0.0.3' }, log)).resolves.toEqual({ sessionInvalidated: false });
    expect(fake.registeredIps(CLIENT_ID)).toMatchObject({ primary: '127.0.0.4', secondary: '127.0.0.3' });
    // Only the changed flag was modified; the secondary was already right.
    expect(fake.server.calls.filter((call) => call.route === 'modify-ip').map((call) => JSON.parse(call.request.body))).toEqual([
      { dhanClientId: CLIENT_ID, ip: '127.0.0.4', ipFlag: 'PRIMARY' },
      { dhanClientId: CLIENT_ID, ip: '127.0.0.4', ipFlag: 'PRIMARY' },
    ]);
  });

  it('answers Dhan’s refusal of a malformed address as a rejection, and stores nothing', async () => {
    const owner = await ownerOfNewUser();
    const account = await connectedAccount(owner);
    await expect(dhanIntegration.registerStaticIps!(owner, account, { primary: 'not-an-ip', secondary: null }, log)).rejects.toThrow('Invalid IP address');
    expect(fake.registeredIps(CLIENT_ID)).toBeNull();
  });
});
