import '../../infra/local/quiet-sdk';
import { randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ENV } from '../../shared/config/env-names';
import { TENANT_HOST_HEADER } from '../../shared/config/headers';
import { paymentContracts } from '../../shared/contracts/payments';
import { successEnvelope } from '../../shared/contracts/envelope';
import { getPayment } from '../../functions/data/payments/payments-repository';
import { createUser, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { PHONEPE_ENDPOINT_ENV } from '../../functions/payments/phonepe/phonepe-endpoints';
import { issueToken } from '../../functions/platform/auth/tokens';
import { resetConfigForTests } from '../../functions/platform/config';
import { auditWallet } from '../../functions/wallet/wallet-reads';
import { startPhonePeFake } from '../fakes/phonepe-fake';
import { startBenchPlatform } from './bench-platform';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * Webhook → credited (issue 17 closing note): payments started through `makepayment`, completed at
 * PhonePe's fake, then ONE webhook each, timed from sending it to its answer — the answer comes after
 * the order status was asked and the credit's transaction committed (checked after: every payment
 * completed, each wallet credited once). Duplicates are timed too: a second webhook for a credited
 * payment. Run alone: `node --import tsx test/bench/payment-webhook.ts`.
 */
export interface PaymentWebhookFigures {
  readonly firstWebhook: LatencySummary;
  readonly duplicateWebhook: LatencySummary;
  readonly allCreditedOnce: boolean;
}

const SAMPLES = 200;
const WARM_UP = 20;
const FRANCHISE = 41;

export async function measurePaymentWebhook(samples = SAMPLES): Promise<PaymentWebhookFigures> {
  const platform = await startBenchPlatform();
  const host = `pay-bench.localhost`;
  process.env[ENV.franchiseHosts] = JSON.stringify({ [host]: FRANCHISE });
  resetConfigForTests();
  const credentials = { clientId: 'BENCH', clientSecret: `secret-${randomUUID()}`, clientVersion: 1 };
  const hook = { url: `${platform.url}/api/v4/payment/webhook/phonepe/${FRANCHISE}`, username: 'tb_bench', password: 'benchPass1' };
  const fake = await startPhonePeFake({ merchants: [{ ...credentials, webhook: hook }] });
  process.env[PHONEPE_ENDPOINT_ENV.sandbox] = fake.url;
  const call = async (path: string, token: string, body: unknown) => {
    const response = await fetch(`${platform.url}/api/v4${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [TENANT_HOST_HEADER]: host }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  try {
    const admin = await createUser({ frch_id: FRANCHISE, email: 'admin@bench.local', first_name: 'Bench', last_name: 'Admin', mobile_no: '7000000001', ...NEW_USER_DEFAULTS, is_brokerpanel: true, password_hash: 'x' });
    const adminToken = (await issueToken(admin.user_id, FRANCHISE)).token;
    const saved = await call('/users/brokerpanelconfigs/updatephonepeconfigs', adminToken, {
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      client_version: 1,
      webhook_username: hook.username,
      webhook_password: hook.password,
      environment: 'SANDBOX',
      enabled: true,
    });
    if (saved.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(saved.body)}`);
    const first: number[] = [];
    const duplicate: number[] = [];
    const owners: { frchId: number; userId: number; paymentId: string }[] = [];
    for (let index = 0; index < samples + WARM_UP; index += 1) {
      const user = await createUser({ frch_id: FRANCHISE, email: `payer-${randomUUID()}@bench.local`, first_name: 'Bench', last_name: 'Payer', mobile_no: `7${String(randomInt(0, 1e9)).padStart(9, '0')}`, ...NEW_USER_DEFAULTS, password_hash: 'x' });
      const token = (await issueToken(user.user_id, FRANCHISE)).token;
      const answer = await call('/payment/makepayment', token, { amount: 100 + index });
      const started = successEnvelope(paymentContracts.makePayment.response).parse(answer.body).data;
      await fake.choose(started.merchant_order_id, 'success', { copies: 0 });
      const t0 = performance.now();
      const result = await fake.sendWebhook(started.merchant_order_id);
      const t1 = performance.now();
      await fake.sendWebhook(started.merchant_order_id);
      const t2 = performance.now();
      if (result.status !== 200) throw new Error(`webhook answered ${result.status}`);
      if (index >= WARM_UP) {
        first.push(t1 - t0);
        duplicate.push(t2 - t1);
        owners.push({ frchId: FRANCHISE, userId: user.user_id, paymentId: started.payment_id });
      }
    }
    let allCreditedOnce = true;
    for (const owner of owners) {
      const [payment, audit] = await Promise.all([getPayment(owner, owner.paymentId), auditWallet(owner)]);
      allCreditedOnce &&= payment?.state === 'completed' && audit.movements === 1 && audit.chainIntact && audit.balancePaise === payment.amount_paise;
    }
    return { firstWebhook: summariseLatency(first), duplicateWebhook: summariseLatency(duplicate), allCreditedOnce };
  } finally {
    await fake.stop();
    await platform.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await measurePaymentWebhook();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
