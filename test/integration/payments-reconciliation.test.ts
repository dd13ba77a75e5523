import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentContracts } from '../../shared/contracts/payments';
import { getPayment } from '../../functions/data/payments/payments-repository';
import { reconcileDuePayments } from '../../functions/payments/reconcile-payments';
import { PHONEPE_ENDPOINT_ENV } from '../../functions/payments/phonepe/phonepe-endpoints';
import { createPhonePeProvider } from '../../functions/payments/phonepe/phonepe-provider';
import { forgetPhonePeTokens } from '../../functions/payments/phonepe/phonepe-token';
import { ProviderRejectedError } from '../../functions/payments/provider/payment-provider';
import { now, useClock, useWallClock } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { auditWallet, getWalletBalance } from '../../functions/wallet/wallet-reads';
import { dataOf } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { usePhonePeFranchise, type PhonePeFranchise } from '../support/phonepe-franchise';
import type { TestUser } from '../support/users';

/**
 * The reconciliation schedule and the PhonePe adapter against PhonePe's fake (issue 17): payments whose
 * webhooks never come are asked about after a couple of minutes and credited once; open ones are asked
 * again with back-off, and given up on after a day (a late confirmation still credits); a payment
 * PhonePe never took fails; time-outs and lost answers credit nothing. The adapter caches its token
 * until shortly before expiry, refreshes once on a 401, and runs refunds and their status.
 */
const api = useGateway();
const franchise = usePhonePeFranchise(api, { configure: true, fake: { webhook: { copies: 0, delayMs: 0, gapMs: 0 } } });
const log = createLogger({ test: 'payments-reconciliation' }, 'error');

beforeAll(() => {
  process.env[PHONEPE_ENDPOINT_ENV.timeoutMs] = '400';
});
afterEach(() => useWallClock());

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const minutes = (n: number) => n * 60_000;

async function start(f: PhonePeFranchise, who: TestUser, amount: number) {
  return dataOf(await f.call('POST', '/payment/makepayment', { token: who.token, body: { amount } }), paymentContracts.makePayment.response);
}

/** One schedule run at `at`, for this file's franchise only (other files' payments share the table). */
function runAt(f: PhonePeFranchise, at: Date) {
  useClock(at);
  return reconcileDuePayments({ now, log, franchises: new Set([f.frchId]) });
}

describe('payment reconciliation', () => {
  it('credits a completed payment whose webhooks never came, once, after a couple of minutes', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const startedAt = now();
    const payment = await start(f, trader, 321);
    await f.fake.choose(payment.merchant_order_id, 'success');
    expect((await runAt(f, new Date(startedAt.getTime() + 30_000))).checked).toBe(0);
    const run = await runAt(f, new Date(startedAt.getTime() + minutes(3)));
    expect(run).toMatchObject({ checked: 1, completed: 1 });
    expect(await auditWallet(ownerOf(trader))).toEqual({ balancePaise: 32_100, ledgerSumPaise: 32_100, movements: 1, chainIntact: true });
    expect((await runAt(f, new Date(startedAt.getTime() + minutes(10)))).checked).toBe(0);
  });

  it('asks an open payment again with back-off, then gives up after a day; a late confirmation still credits', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const payment = await start(f, trader, 150);
    const startedAt = new Date(payment.created_at);
    const owner = ownerOf(trader);
    const dues: string[] = [];
    let at = startedAt.getTime() + minutes(2);
    for (let check = 0; check < 4; check += 1) {
      expect((await runAt(f, new Date(at))).checked).toBe(1);
      const stored = await getPayment(owner, payment.payment_id);
      expect(stored?.checks).toBe(check + 1);
      dues.push(stored?.next_check_at ?? '');
      // Not due yet: nothing asked.
      expect((await runAt(f, new Date(Date.parse(stored?.next_check_at ?? '') - 1000))).checked).toBe(0);
      at = Date.parse(stored?.next_check_at ?? '');
    }
    const gaps = dues.map((due, index) => (Date.parse(due) - (index === 0 ? startedAt.getTime() + minutes(2) : Date.parse(dues[index - 1] ?? ''))) / 60_000);
    expect(gaps).toEqual([1, 1, 2, 3]);
    // PhonePe still gives no answer past our patience: the payment expires, the broker panel hears of it.
    f.fake.inject('status', { kind: 'server-error', status: 503 });
    const giveUp = await runAt(f, new Date(startedAt.getTime() + 25 * 3_600_000));
    expect(giveUp).toMatchObject({ checked: 1, closed: 1 });
    expect(await getPayment(owner, payment.payment_id)).toMatchObject({ state: 'expired', failure_reason: 'PhonePe did not confirm the payment in time.' });
    useWallClock();
    const alerts = dataOf(await f.call('POST', '/payment/getpaymentalerts', { token: f.admin.token, body: {} }), paymentContracts.getPaymentAlerts.response).items;
    expect(alerts).toContainEqual(expect.objectContaining({ kind: 'not-confirmed', payment_id: payment.payment_id }));
    // …and still credits when PhonePe confirms after all.
    await f.fake.choose(payment.merchant_order_id, 'success');
    await f.fake.sendWebhook(payment.merchant_order_id);
    expect(await getPayment(owner, payment.payment_id)).toMatchObject({ state: 'completed' });
    expect((await getWalletBalance(owner)).balancePaise).toBe(15_000);
  });

  it('fails a payment PhonePe never took, and keeps one whose answer was lost until PhonePe ends it', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const owner = ownerOf(trader);
    const startedAt = now();
    f.fake.inject('pay', { kind: 'server-error', status: 503 });
    expect((await f.call('POST', '/payment/makepayment', { token: trader.token, body: { amount: 200 } })).status).toBe(502);
    f.fake.inject('pay', { kind: 'timeout', afterHandling: true });
    expect((await f.call('POST', '/payment/makepayment', { token: trader.token, body: { amount: 300 } })).status).toBe(502);
    const [lost, never] = dataOf(await f.call('POST', '/payment/getpayments', { token: trader.token, body: {} }), paymentContracts.getPayments.response).items;
    expect([never?.amount, lost?.amount]).toEqual([200, 300]);
    await runAt(f, new Date(startedAt.getTime() + minutes(3)));
    expect(await getPayment(owner, never?.payment_id ?? '')).toMatchObject({ state: 'failed', failure_reason: 'PhonePe has no record of this payment.' });
    expect(await getPayment(owner, lost?.payment_id ?? '')).toMatchObject({ state: 'created', checks: 1 });
    await f.fake.choose(lost?.merchant_order_id ?? '', 'success');
    await runAt(f, new Date(startedAt.getTime() + minutes(6)));
    expect(await getPayment(owner, lost?.payment_id ?? '')).toMatchObject({ state: 'completed' });
    expect(await auditWallet(owner)).toEqual({ balancePaise: 30_000, ledgerSumPaise: 30_000, movements: 1, chainIntact: true });
  });

  it('credits nothing when the status call times out or is refused, and asks again later', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const startedAt = now();
    const payment = await start(f, trader, 600);
    await f.fake.choose(payment.merchant_order_id, 'success');
    f.fake.inject('status', { kind: 'timeout' });
    expect(await runAt(f, new Date(startedAt.getTime() + minutes(3)))).toMatchObject({ checked: 1, completed: 0 });
    f.fake.inject('status', { kind: 'rate-limit' });
    expect(await runAt(f, new Date(startedAt.getTime() + minutes(5)))).toMatchObject({ checked: 1, completed: 0 });
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(0);
    expect(await runAt(f, new Date(startedAt.getTime() + minutes(8)))).toMatchObject({ checked: 1, completed: 1 });
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(60_000);
  });
});

describe('PhonePe adapter', () => {
  const providerOf = (f: PhonePeFranchise, secret = f.clientSecret) =>
    createPhonePeProvider({ environment: 'SANDBOX', credentials: { clientId: f.clientId, clientSecret: secret, clientVersion: 1 } });

  it('fetches one token and keeps it until shortly before it expires; a 401 refreshes it once', async () => {
    const f = franchise();
    forgetPhonePeTokens();
    const provider = providerOf(f);
    const before = f.fake.tokensIssued();
    const issuedAt = now();
    useClock(issuedAt);
    await Promise.all(Array.from({ length: 5 }, () => provider.orderStatus('TB-NONE')));
    expect(f.fake.tokensIssued() - before).toBe(1);
    // The fake's tokens live an hour; ours is renewed six minutes early.
    useClock(new Date(issuedAt.getTime() + minutes(53)));
    await provider.orderStatus('TB-NONE');
    expect(f.fake.tokensIssued() - before).toBe(1);
    useClock(new Date(issuedAt.getTime() + minutes(55)));
    await provider.orderStatus('TB-NONE');
    expect(f.fake.tokensIssued() - before).toBe(2);
    f.fake.revokeTokens();
    expect(await provider.orderStatus('TB-NONE')).toEqual({ found: false });
    expect(f.fake.tokensIssued() - before).toBe(3);
    await expect(providerOf(f, 'wrong-secret').orderStatus('TB-NONE')).rejects.toBeInstanceOf(ProviderRejectedError);
  });

  it('refunds a completed payment and follows the refund to COMPLETED; refuses more than was paid', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const payment = await start(f, trader, 500);
    await f.fake.choose(payment.merchant_order_id, 'success');
    const provider = providerOf(f);
    const tooMuch = provider.refund({ merchantRefundId: `R-${payment.payment_id}-X`, merchantOrderId: payment.merchant_order_id, amountPaise: 50_001 });
    await expect(tooMuch).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    const refund = await provider.refund({ merchantRefundId: `R-${payment.payment_id}`, merchantOrderId: payment.merchant_order_id, amountPaise: 20_000 });
    expect(refund).toMatchObject({ state: 'PENDING', amountPaise: 20_000 });
    expect(await provider.refundStatus(`R-${payment.payment_id}`)).toMatchObject({ found: true, state: 'PENDING' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await provider.refundStatus(`R-${payment.payment_id}`)).toMatchObject({ found: true, state: 'COMPLETED', amountPaise: 20_000 });
    expect(await provider.refundStatus('R-UNKNOWN')).toEqual({ found: false });
  });
});
