import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentRefundContracts } from '../../shared/contracts/payment-refunds';
import { paymentContracts } from '../../shared/contracts/payments';
import { userContracts } from '../../shared/contracts/user';
import { reconcileDueRefunds } from '../../functions/payments/reconcile-refunds';
import { PHONEPE_ENDPOINT_ENV } from '../../functions/payments/phonepe/phonepe-endpoints';
import { now, useClock, useWallClock } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { auditWallet } from '../../functions/wallet/wallet-reads';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { usePhonePeFranchise, type PhonePeFranchise } from '../support/phonepe-franchise';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Refunds of PhonePe payments from /transaction (issue 17): the user's wallet is debited first, in the
 * transaction that records the refund (refused when the credit was spent), then PhonePe is asked; the
 * refund's status is followed to the end (webhook, schedule, reads) and a refund PhonePe refuses or fails
 * gives the credit back once. One refund of a payment at a time, never more than was paid.
 */
const api = useGateway();
const franchise = usePhonePeFranchise(api, { configure: true, fake: { refundSettleMs: 150 } });
const log = createLogger({ test: 'payment-refunds' }, 'error');

beforeAll(() => {
  process.env[PHONEPE_ENDPOINT_ENV.timeoutMs] = '400';
});
afterEach(() => {
  useWallClock();
  franchise().fake.settleRefundsAs('COMPLETED');
});

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const minutes = (n: number) => n * 60_000;

/** A trader whose ₹`rupees` PhonePe payment is completed and credited (through the fake's webhooks). */
async function paidTrader(f: PhonePeFranchise, rupees: number) {
  const trader = await f.newUser();
  const payment = dataOf(await f.call('POST', '/payment/makepayment', { token: trader.token, body: { amount: rupees } }), paymentContracts.makePayment.response);
  await f.fake.choose(payment.merchant_order_id, 'success');
  expect((await auditWallet(ownerOf(trader))).balancePaise).toBe(rupees * 100);
  return { trader, payment };
}

const refund = (f: PhonePeFranchise, body: Record<string, unknown>, token = f.admin.token) => f.call('POST', '/payment/refundpayment', { token, body });
const refundsOf = async (f: PhonePeFranchise, paymentId: string) =>
  dataOf(await f.call('POST', '/payment/getpaymentrefunds', { token: f.admin.token, body: { payment_id: paymentId } }), paymentRefundContracts.getPaymentRefunds.response);

async function ledgerOf(f: PhonePeFranchise, who: TestUser) {
  return dataOf(await f.call('POST', '/users/getuserledger', { token: who.token, body: { limit: 50 } }), userContracts.getUserLedger.response).items;
}

describe('POST /payment/refundpayment', () => {
  it('debits the wallet at once, sends the refund to PhonePe and follows it to completed by its webhook', async () => {
    const f = franchise();
    const { trader, payment } = await paidTrader(f, 500);
    const answer = refund(f, { payment_id: payment.payment_id, amount: 200, reason: 'Client asked for it back' });
    const started = dataOf(await answer, paymentRefundContracts.refundPayment.response);
    expect(started).toMatchObject({ refund_id: `${payment.payment_id}-1`, merchant_refund_id: `R-${payment.payment_id}-1`, amount_paise: 20_000, state: 'pending', user_id: trader.user.user_id, requested_by: f.admin.user.user_id });
    expect(await auditWallet(ownerOf(trader))).toMatchObject({ balancePaise: 30_000, ledgerSumPaise: 30_000 });
    await vi.waitFor(async () => expect((await refundsOf(f, payment.payment_id)).refunds[0]?.state).toBe('completed'), { timeout: 5_000, interval: 100 });
    const after = await refundsOf(f, payment.payment_id);
    expect(after).toMatchObject({ refundable_paise: 30_000, refundable_amount: 300 });
    expect(after.refunds[0]).toMatchObject({ state_text: 'Refunded', completed_at: expect.any(String) });
    expect(f.fake.refunds.get(`${f.clientId}|R-${payment.payment_id}-1`)).toMatchObject({ amount: 20_000, state: 'COMPLETED' });
    const entries = await ledgerOf(f, trader);
    expect(entries[0]).toMatchObject({ type: 'debit', reason: 'phonepe_refund', amount_paise: 20_000, balance_after_paise: 30_000, reference: { payment_id: payment.payment_id, refund_id: `${payment.payment_id}-1` } });
    // A second refund takes the rest; a third finds nothing left.
    dataOf(await refund(f, { payment_id: payment.payment_id, amount: 300, reason: 'The rest of it' }), paymentRefundContracts.refundPayment.response);
    expect((await auditWallet(ownerOf(trader))).balancePaise).toBe(0);
    await vi.waitFor(async () => expect((await refundsOf(f, payment.payment_id)).refunds.map((r) => r.state)).toEqual(['completed', 'completed']), { timeout: 5_000, interval: 100 });
    expectError(await refund(f, { payment_id: payment.payment_id, amount: 1, reason: 'Once more' }), 422, 'This payment has been refunded in full.');
  });

  it("refuses a refund the user's wallet no longer covers (credit spent), writing nothing", async () => {
    const f = franchise();
    const { trader, payment } = await paidTrader(f, 500);
    const refundCalls = f.fake.callCount('refund');
    await moveWallet({ owner: ownerOf(trader), direction: 'debit', amountPaise: 40_000, reason: 'broker_subscription', description: 'Plan bought', idempotencyKey: `test-spend#${payment.payment_id}` });
    expectError(await refund(f, { payment_id: payment.payment_id, amount: 200, reason: 'Client asked' }), 422, "The user's wallet no longer holds this much credit (it was spent), so it cannot be refunded.");
    expect(await auditWallet(ownerOf(trader))).toMatchObject({ balancePaise: 10_000, ledgerSumPaise: 10_000, movements: 2 });
    expect(await refundsOf(f, payment.payment_id)).toEqual({ refunds: [], refundable_paise: 50_000, refundable_amount: 500 });
    expect(f.fake.callCount('refund')).toBe(refundCalls);
    // What the wallet still holds can be refunded.
    expect(dataOf(await refund(f, { payment_id: payment.payment_id, amount: 100, reason: 'What is left' }), paymentRefundContracts.refundPayment.response).state).toBe('pending');
  });

  it('gives the credit back once when PhonePe fails the refund, and alerts the broker panel', async () => {
    const f = franchise();
    const { trader, payment } = await paidTrader(f, 500);
    f.fake.settleRefundsAs('FAILED');
    dataOf(await refund(f, { payment_id: payment.payment_id, amount: 500, reason: 'Duplicate payment' }), paymentRefundContracts.refundPayment.response);
    expect((await auditWallet(ownerOf(trader))).balancePaise).toBe(0);
    await vi.waitFor(async () => expect((await refundsOf(f, payment.payment_id)).refunds[0]?.state).toBe('failed'), { timeout: 5_000, interval: 100 });
    await f.fake.settled();
    // Both webhook copies and the read settled it: the credit came back exactly once.
    expect(await auditWallet(ownerOf(trader))).toMatchObject({ balancePaise: 50_000, ledgerSumPaise: 50_000, movements: 3, chainIntact: true });
    const entries = await ledgerOf(f, trader);
    expect(entries.filter((entry) => entry.reason === 'phonepe_refund_reversal')).toHaveLength(1);
    expect((await refundsOf(f, payment.payment_id)).refundable_paise).toBe(50_000);
    const alerts = dataOf(await f.call('POST', '/payment/getpaymentalerts', { token: f.admin.token, body: { limit: 50 } }), paymentContracts.getPaymentAlerts.response).items;
    expect(alerts.filter((alert) => alert.kind === 'refund-failed' && alert.payment_id === payment.payment_id)).toHaveLength(1);
  });

  it('gives the credit back at once when PhonePe refuses the refund request', async () => {
    const f = franchise();
    const { trader, payment } = await paidTrader(f, 300);
    f.fake.inject('refund', { kind: 'server-error', status: 400 });
    const answer = dataOf(await refund(f, { payment_id: payment.payment_id, amount: 300, reason: 'Client asked' }), paymentRefundContracts.refundPayment.response);
    expect(answer).toMatchObject({ state: 'failed', failure_reason: expect.stringContaining('PhonePe refused the refund (R999') });
    expect(await auditWallet(ownerOf(trader))).toMatchObject({ balancePaise: 30_000, ledgerSumPaise: 30_000, movements: 3 });
  });

  it('leaves a refund PhonePe did not answer for to the schedule, which sends it again or follows it — never twice', async () => {
    const f = franchise();
    const lost = await paidTrader(f, 200);
    const taken = await paidTrader(f, 200);
    const startedAt = now();
    f.fake.inject('refund', { kind: 'timeout' });
    f.fake.inject('refund', { kind: 'timeout', afterHandling: true });
    const first = dataOf(await refund(f, { payment_id: lost.payment.payment_id, amount: 200, reason: 'Lost request' }), paymentRefundContracts.refundPayment.response);
    const second = dataOf(await refund(f, { payment_id: taken.payment.payment_id, amount: 200, reason: 'Lost answer' }), paymentRefundContracts.refundPayment.response);
    expect(first.state).toBe('requested');
    // PhonePe took the second one: its webhook may settle it even before our own request gave up waiting.
    expect(['requested', 'completed']).toContain(second.state);
    expect(f.fake.refunds.has(`${f.clientId}|${first.merchant_refund_id}`)).toBe(false);
    expect(f.fake.refunds.has(`${f.clientId}|${second.merchant_refund_id}`)).toBe(true);
    useClock(new Date(startedAt.getTime() + 20_000));
    expect((await reconcileDueRefunds({ now, log, franchises: new Set([f.frchId]) })).checked).toBe(0);
    useClock(new Date(startedAt.getTime() + minutes(2)));
    expect((await reconcileDueRefunds({ now, log, franchises: new Set([f.frchId]) })).checked).toBeGreaterThanOrEqual(1);
    expect(f.fake.refunds.has(`${f.clientId}|${first.merchant_refund_id}`)).toBe(true);
    useWallClock();
    for (const { trader, payment } of [lost, taken]) {
      await vi.waitFor(async () => expect((await refundsOf(f, payment.payment_id)).refunds.map((r) => r.state)).toEqual(['completed']), { timeout: 5_000, interval: 100 });
      expect(await auditWallet(ownerOf(trader))).toMatchObject({ balancePaise: 0, ledgerSumPaise: 0, movements: 2 });
    }
    expect([...f.fake.refunds.values()].filter((r) => r.originalMerchantOrderId === lost.payment.merchant_order_id)).toHaveLength(1);
  });

  it('takes one refund of a payment at a time: of two at once, one is refused', async () => {
    const f = franchise();
    const { trader, payment } = await paidTrader(f, 500);
    const answers = await Promise.all([100, 150].map((amount) => refund(f, { payment_id: payment.payment_id, amount, reason: 'Double click' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const { refunds } = await refundsOf(f, payment.payment_id);
    expect(refunds).toHaveLength(1);
    expect((await auditWallet(ownerOf(trader))).balancePaise).toBe(50_000 - (refunds[0]?.amount_paise ?? 0));
    await f.fake.settled();
  });

  it('refuses bad input (400), more than is left (422), an open payment (409), another franchise (404) and ordinary users (403)', async () => {
    const f = franchise();
    const { trader, payment } = await paidTrader(f, 100);
    for (const body of [
      { payment_id: payment.payment_id, amount: 0, reason: 'Zero' },
      { payment_id: payment.payment_id, amount: 1.234, reason: 'Fractional paise' },
      { payment_id: payment.payment_id, amount: 10, reason: 'x' },
      { payment_id: 'not-a-payment', amount: 10, reason: 'Bad id' },
      { payment_id: payment.payment_id, amount: 10 },
    ]) {
      expectError(await refund(f, body), 400);
    }
    expectError(await refund(f, { payment_id: payment.payment_id, amount: 100.01, reason: 'Too much' }), 422, 'At most ₹100.00 of this payment can still be refunded.');
    expectError(await refund(f, { payment_id: payment.payment_id, amount: 0.5, reason: 'Too little' }), 422, 'A refund must be at least ₹1.00.');
    const open = dataOf(await f.call('POST', '/payment/makepayment', { token: trader.token, body: { amount: 50 } }), paymentContracts.makePayment.response);
    expectError(await refund(f, { payment_id: open.payment_id, amount: 50, reason: 'Not paid yet' }), 409, 'Only a confirmed payment can be refunded.');
    expectError(await refund(f, { payment_id: payment.payment_id, amount: 10, reason: 'Not mine' }, trader.token), 403);
    expectError(await f.call('POST', '/payment/getpaymentrefunds', { token: trader.token, body: { payment_id: payment.payment_id } }), 403);
    const otherAdmin = await createTestUser({ roles: { is_brokerpanel: true } });
    expectError(await api.call('POST', '/payment/refundpayment', { token: otherAdmin.token, body: { payment_id: payment.payment_id, amount: 10, reason: 'Another franchise' } }), 404, 'Payment not found');
    expectError(await api.call('POST', '/payment/getpaymentrefunds', { token: otherAdmin.token, body: { payment_id: payment.payment_id } }), 404, 'Payment not found');
    expectError(await refund(f, { payment_id: '01HZZZZZZZZZZZZZZZZZZZZZZZ', amount: 10, reason: 'Unknown' }), 404, 'Payment not found');
    expect((await auditWallet(ownerOf(trader))).balancePaise).toBe(10_000);
  });
});
