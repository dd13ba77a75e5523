import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { paymentContracts } from '../../shared/contracts/payments';
import { userContracts } from '../../shared/contracts/user';
import { getPayment } from '../../functions/data/payments/payments-repository';
import { resetConfigForTests } from '../../functions/platform/config';
import { auditWallet, getWalletBalance } from '../../functions/wallet/wallet-reads';
import { webhookAuthorizationOf } from '../fakes/phonepe-fake';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { usePhonePeFranchise, type PhonePeFranchise } from '../support/phonepe-franchise';
import type { TestUser } from '../support/users';

/**
 * PhonePe's webhook (issue 17): `Authorization` = SHA-256(username:password); the body is never
 * trusted — PhonePe's order status decides; duplicates, bursts and early arrivals credit once; a wrong
 * or missing authorization, a malformed body, an unknown order and an amount PhonePe reports otherwise
 * credit nothing and leave an alert the broker panel sees. The canary secrets never reach an answer or a
 * log line (logged at debug level here).
 */
const api = useGateway();
let previousLogLevel: string | undefined;
beforeAll(() => {
  previousLogLevel = process.env[ENV.logLevel];
  process.env[ENV.logLevel] = 'debug';
  resetConfigForTests();
});
const franchise = usePhonePeFranchise(api, { configure: true });
afterAll(() => {
  process.env[ENV.logLevel] = previousLogLevel;
  resetConfigForTests();
});

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const webhookPath = (f: PhonePeFranchise) => `/payment/webhook/phonepe/${f.frchId}`;
const goodAuthorization = (f: PhonePeFranchise) => webhookAuthorizationOf(f.webhookUsername, f.webhookPassword);

function completedBody(merchantOrderId: string, amount: number, state = 'COMPLETED') {
  return JSON.stringify({ event: 'checkout.order.completed', type: 'CHECKOUT_ORDER_COMPLETED', payload: { merchantOrderId, orderId: 'OMO1', state, amount } });
}

async function started(f: PhonePeFranchise, who: TestUser, amount: number) {
  return dataOf(await f.call('POST', '/payment/makepayment', { token: who.token, body: { amount } }), paymentContracts.makePayment.response);
}

const hook = (f: PhonePeFranchise, rawBody: string, authorization: string | null = goodAuthorization(f)) =>
  f.call('POST', webhookPath(f), { rawBody, headers: { 'content-type': 'application/json', ...(authorization === null ? {} : { authorization }) } });

async function alertsOf(f: PhonePeFranchise) {
  return dataOf(await f.call('POST', '/payment/getpaymentalerts', { token: f.admin.token, body: { limit: 100 } }), paymentContracts.getPaymentAlerts.response).items;
}

describe('POST /payment/webhook/phonepe/{frch_id}', () => {
  it('checks Authorization (wrong or missing → 401, status false with msg), credits nothing, and alerts the broker panel once an hour', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const payment = await started(f, trader, 500);
    await f.fake.choose(payment.merchant_order_id, 'success', { copies: 0 });
    const body = completedBody(payment.merchant_order_id, 50_000);
    for (const authorization of [null, 'not-it', webhookAuthorizationOf(f.webhookUsername, 'otherPass1'), goodAuthorization(f).slice(0, 63)]) {
      const refused = await hook(f, body, authorization);
      expectError(refused, 401, 'The webhook authorization is not valid.');
      expect((refused.body as { msg?: string }).msg).toBe('The webhook authorization is not valid.');
    }
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(0);
    const refusedAlerts = (await alertsOf(f)).filter((alert) => alert.kind === 'webhook-unauthorized');
    expect(refusedAlerts).toHaveLength(4);
    expect(refusedAlerts.map((alert) => alert.message)).toContain(`A PhonePe webhook from 127.0.0.1 was refused: missing authorization. Nothing was credited.`);
    const notes = dataOf(await f.call('POST', '/users/getusernotifications', { token: f.admin.token, body: { limit: 50 } }), userContracts.getUserNotifications.response);
    expect(notes.items.filter((note) => note.notify_type === 'Payment Alert' && note.notified_message.includes('authorization'))).toHaveLength(1);
    // The right header (bare hex, as PhonePe sends it; upper case and a SHA256 prefix tolerated) is accepted.
    const accepted = await hook(f, body, `SHA256 ${goodAuthorization(f).toUpperCase()}`);
    expect(dataOf(accepted, paymentContracts.phonePeWebhook.response)).toEqual({ merchant_order_id: payment.merchant_order_id, state: 'completed' });
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(50_000);
  });

  it('refuses a malformed body (400) and an unknown order (404), each with an alert', async () => {
    const f = franchise();
    for (const raw of ['not json', '{}', JSON.stringify({ event: 'checkout.order.completed', payload: {} }), JSON.stringify({ event: 'x', payload: { merchantOrderId: 'bad id!' } })]) {
      expectError(await hook(f, raw), 400, 'The webhook body is not a PhonePe payment event.');
    }
    expectError(await hook(f, completedBody('TB-NOSUCHORDER', 100)), 404, 'No payment has this merchant order id.');
    const kinds = (await alertsOf(f)).map((alert) => alert.kind);
    expect(kinds.filter((kind) => kind === 'webhook-malformed')).toHaveLength(4);
    expect(kinds).toContain('webhook-unknown-order');
    expectError(await api.call('POST', '/payment/webhook/phonepe/999999999', { rawBody: '{}', headers: { authorization: goodAuthorization(f) } }), 404);
  });

  it('never trusts the body: COMPLETED in the body while PhonePe says PENDING credits nothing; a later check credits', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const payment = await started(f, trader, 700);
    const early = dataOf(await hook(f, completedBody(payment.merchant_order_id, 70_000)), paymentContracts.phonePeWebhook.response);
    expect(early.state).toBe('pending');
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(0);
    // A failure event for an order PhonePe still holds open changes nothing either.
    const failedEvent = JSON.stringify({ event: 'checkout.order.failed', payload: { merchantOrderId: payment.merchant_order_id, state: 'FAILED' } });
    expect(dataOf(await hook(f, failedEvent), paymentContracts.phonePeWebhook.response).state).toBe('pending');
    await f.fake.choose(payment.merchant_order_id, 'success', { copies: 0 });
    expect(dataOf(await hook(f, failedEvent), paymentContracts.phonePeWebhook.response).state).toBe('completed');
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(70_000);
  });

  it('credits a burst of duplicate webhooks exactly once', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const payment = await started(f, trader, 999.99);
    await f.fake.choose(payment.merchant_order_id, 'success', { copies: 0 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => hook(f, completedBody(payment.merchant_order_id, 99_999))));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(await auditWallet(ownerOf(trader))).toEqual({ balancePaise: 99_999, ledgerSumPaise: 99_999, movements: 1, chainIntact: true });
  });

  it('puts a payment PhonePe reports with another amount under review: nothing credited, the broker panel alerted once', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const payment = await started(f, trader, 400);
    f.fake.reportAmount(payment.merchant_order_id, 4_000_000);
    await f.fake.choose(payment.merchant_order_id, 'success');
    await f.fake.settled();
    await hook(f, completedBody(payment.merchant_order_id, 40_000));
    const stored = await getPayment(ownerOf(trader), payment.payment_id);
    expect(stored).toMatchObject({ state: 'review', failure_reason: 'PhonePe reported ₹40,000.00 for a payment of ₹400.00.', credit_key: null });
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(0);
    const mismatches = (await alertsOf(f)).filter((alert) => alert.kind === 'amount-mismatch');
    expect(mismatches).toEqual([expect.objectContaining({ payment_id: payment.payment_id, merchant_order_id: payment.merchant_order_id, user_id: trader.user.user_id })]);
    const read = dataOf(await f.call('POST', '/payment/getpaymentstatus', { token: trader.token, body: { payment_id: payment.payment_id } }), paymentContracts.getPaymentStatus.response);
    expect(read).toMatchObject({ state: 'review', state_text: 'Payment under review' });
  });

  it('refuses a refund event naming an order or a refund we do not have (404), with an alert', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const payment = await started(f, trader, 100);
    const refundEvent = (originalMerchantOrderId: string, merchantRefundId: string) =>
      JSON.stringify({ event: 'pg.refund.completed', payload: { originalMerchantOrderId, merchantRefundId, state: 'COMPLETED', amount: 100 } });
    expectError(await hook(f, refundEvent('TB-ANY', 'R-1')), 404, 'No payment has this merchant order id.');
    expectError(await hook(f, refundEvent(payment.merchant_order_id, `R-${payment.payment_id}-1`)), 404, 'No refund has this merchant refund id.');
    expect((await alertsOf(f)).filter((alert) => alert.kind === 'webhook-unknown-order' && alert.merchant_order_id === payment.merchant_order_id)).toHaveLength(1);
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(0);
  });

  it('never lets the client secret or the webhook password into an answer or a log line (canary)', async () => {
    const f = franchise();
    await f.fake.settled();
    const logs = capturedLogs.join('\n');
    // The payment path logged at debug level through this file (so the check below has lines to look at).
    expect(logs).toContain('payment credited');
    expect(logs).toContain('updatephonepeconfigs');
    for (const secret of [f.clientSecret, f.webhookPassword]) {
      expect(logs).not.toContain(secret);
      for (const answer of f.answers) expect(answer).not.toContain(secret);
    }
  });
});
