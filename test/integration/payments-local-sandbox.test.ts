import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { paymentContracts } from '../../shared/contracts/payments';
import { getPhonePeConfigItem } from '../../functions/data/payments/phonepe-config-repository';
import { resetConfigForTests } from '../../functions/platform/config';
import { getWalletBalance } from '../../functions/wallet/wallet-reads';
import { startPhonePeSandbox, type PhonePeSandbox } from '../../infra/local/phonepe-sandbox';
import { dataOf } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { integrationDataDir } from '../support/integration-env';
import { createTestUser } from '../support/users';

/**
 * `npm start`'s PhonePe (infra/local/phonepe-sandbox.ts): the fake on its own port, sandbox settings
 * for a franchise that has none, and a newcomer adding credit in the browser — PhonePe's page, the
 * choice, the way back to the wallet, the webhooks — end to end. A second start keeps the credentials
 * and the settings.
 */
const api = useGateway();
const frchId = 400_000 + randomInt(0, 99_000);
const host = `sandbox-${frchId}.localhost`;
const dataDir = join(integrationDataDir, 'sandbox');
let sandbox: PhonePeSandbox | undefined;

beforeAll(async () => {
  mkdirSync(join(dataDir, 'secrets'), { recursive: true });
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
  sandbox = await startPhonePeSandbox({ dataDir, host: '127.0.0.1', apiOrigin: api.url(), frchId });
});
afterAll(() => sandbox?.stop());

describe('the local PhonePe sandbox', () => {
  it('configures the franchise and lets a trader add credit through the checkout page', async () => {
    const settings = await getPhonePeConfigItem(frchId);
    expect(settings).toMatchObject({ client_id: 'LOCALSANDBOX', environment: 'SANDBOX', enabled: true });
    const trader = await createTestUser({ frchId });
    const options = dataOf(await api.call('GET', '/payment/getpaymentoptions', { token: trader.token, host }), paymentContracts.getPaymentOptions.response);
    expect(options.methods[0]?.enabled).toBe(true);

    const started = dataOf(await api.call('POST', '/payment/makepayment', { token: trader.token, host, body: { amount: 500 } }), paymentContracts.makePayment.response);
    expect(started.checkout_url.startsWith(sandbox?.url ?? '?')).toBe(true);
    const page = await (await fetch(started.checkout_url)).text();
    expect(page).toContain('Stay pending, then succeed');
    const back = await fetch(started.checkout_url, { method: 'POST', body: new URLSearchParams({ choice: 'success' }), redirect: 'manual' });
    expect(back.headers.get('location')).toBe(started.wallet_url);

    let state = 'pending';
    for (let tries = 0; tries < 50 && state !== 'completed'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const read = await api.call('POST', '/payment/getpaymentstatus', { token: trader.token, host, body: { payment_id: started.payment_id } });
      state = dataOf(read, paymentContracts.getPaymentStatus.response).state;
    }
    expect(state).toBe('completed');
    expect((await getWalletBalance({ frchId, userId: trader.user.user_id })).balancePaise).toBe(50_000);
  });

  it('keeps its credentials and the saved settings when started again', async () => {
    const before = await getPhonePeConfigItem(frchId);
    await sandbox?.stop();
    sandbox = await startPhonePeSandbox({ dataDir, host: '127.0.0.1', apiOrigin: api.url(), frchId });
    expect(await getPhonePeConfigItem(frchId)).toEqual(before);
    const trader = await createTestUser({ frchId });
    const started = await api.call('POST', '/payment/makepayment', { token: trader.token, host, body: { amount: 10 } });
    expect(started.status, started.text).toBe(200);
  });
});
