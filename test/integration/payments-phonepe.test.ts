import { describe, expect, it } from 'vitest';
import { paymentContracts } from '../../shared/contracts/payments';
import { userContracts } from '../../shared/contracts/user';
import { getPayment } from '../../functions/data/payments/payments-repository';
import { useClock } from '../../functions/platform/clock';
import { auditWallet, getWalletBalance } from '../../functions/wallet/wallet-reads';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { usePhonePeFranchise, type PhonePeFranchise } from '../support/phonepe-franchise';
import type { TestUser } from '../support/users';

/**
 * PhonePe payments end to end through the gateway and PhonePe's HTTP fake (spec §7 makepayment;
 * issue 17): bad input, the franchise's limits, the checkout page and its return, webhooks delivered
 * twice, the status read, another user's payment id, and the failure path — each payment credited at
 * most once, only for COMPLETED with the same amount.
 */
const api = useGateway();
const franchise = usePhonePeFranchise(api, { configure: true });

const make = (f: PhonePeFranchise, who: TestUser, body: unknown) => f.call('POST', '/payment/makepayment', { token: who.token, body });
const statusOf = (f: PhonePeFranchise, who: TestUser, paymentId: string) => f.call('POST', '/payment/getpaymentstatus', { token: who.token, body: { payment_id: paymentId } });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

describe('POST /payment/makepayment', () => {
  it('refuses bad amounts and other methods, starting nothing', async () => {
    const f = franchise();
    const trader = await f.newUser();
    for (const [body, status] of [
      [{ amount: 0 }, 400],
      [{ amount: -5 }, 400],
      [{ amount: 10.255 }, 400],
      [{ amount: '500' }, 400],
      [{ amount: 10_00_000.01 }, 400],
      [{}, 400],
      [{ amount: 500, payment_api: 'BANK' }, 400],
      [{ amount: 500, extra: true }, 400],
      [{ amount: 100_000.01 }, 422],
      [{ amount: 0.99 }, 422],
    ] as const) {
      expectError(await make(f, trader, body), status);
    }
    expect(dataOf(await f.call('POST', '/payment/getpayments', { token: trader.token, body: {} }), paymentContracts.getPayments.response).items).toEqual([]);
  });

  it('starts a payment: pending, PhonePe checkout URL, return to the wallet page; credits nothing yet', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const started = dataOf(await make(f, trader, { amount: 500 }), paymentContracts.makePayment.response);
    expect(started).toMatchObject({ state: 'pending', amount: 500, amount_paise: 50_000, payment_api: 'PHONEPE', user_id: trader.user.user_id, credited_at: null });
    expect(started.checkout_url).toMatch(new RegExp(`^${f.fake.url}/pay/OMO`));
    expect(started.wallet_url).toBe(`http://${f.host}/platform/wallet?payment=${started.payment_id}`);
    expect(started.merchant_order_id).toBe(`TB-${started.payment_id}`);
    expect(f.fake.order(started.merchant_order_id)).toMatchObject({ amount: 50_000, state: 'PENDING', redirectUrl: started.wallet_url });
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(0);
  });

  it('completes through the checkout page: back to the wallet URL, webhooks twice, credited once', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const started = dataOf(await make(f, trader, { amount: 250.5 }), paymentContracts.makePayment.response);
    const page = await fetch(started.checkout_url);
    expect(await page.text()).toContain('₹250.50');
    const chosen = await fetch(started.checkout_url, { method: 'POST', body: new URLSearchParams({ choice: 'success' }), redirect: 'manual' });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get('location')).toBe(started.wallet_url);
    await f.fake.settled();
    const hooks = f.fake.webhookResults.filter((result) => result.merchantOrderId === started.merchant_order_id);
    expect(hooks.map((hook) => hook.status)).toEqual([200, 200]);
    expect(await auditWallet(ownerOf(trader))).toEqual({ balancePaise: 25_050, ledgerSumPaise: 25_050, movements: 1, chainIntact: true });
    const read = dataOf(await statusOf(f, trader, started.payment_id), paymentContracts.getPaymentStatus.response);
    expect(read).toMatchObject({ state: 'completed', state_text: 'Payment confirmed', amount_paise: 25_050 });
    expect(read.credited_at).not.toBeNull();
    const ledger = dataOf(await f.call('POST', '/users/getuserledger', { token: trader.token, body: {} }), userContracts.getUserLedger.response);
    expect(ledger.items).toEqual([
      expect.objectContaining({ type: 'credit', amount_paise: 25_050, reason: 'phonepe_payment', reference: { payment_id: started.payment_id, merchant_order_id: started.merchant_order_id } }),
    ]);
  });

  it('credits from the status read when the webhooks never come (PhonePe asked, not the browser)', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const started = dataOf(await make(f, trader, { amount: 100 }), paymentContracts.makePayment.response);
    const pending = dataOf(await statusOf(f, trader, started.payment_id), paymentContracts.getPaymentStatus.response);
    expect(pending.state).toBe('pending');
    await f.fake.choose(started.merchant_order_id, 'success', { copies: 0 });
    // A read within a few seconds of the last check answers the stored state without asking PhonePe.
    expect(dataOf(await statusOf(f, trader, started.payment_id), paymentContracts.getPaymentStatus.response).state).toBe('pending');
    const stored = await getPayment(ownerOf(trader), started.payment_id);
    expect(stored?.last_checked_at).not.toBeNull();
    const restore = useClock(new Date(Date.parse(stored?.last_checked_at ?? '') + 6_000));
    try {
      expect(dataOf(await statusOf(f, trader, started.payment_id), paymentContracts.getPaymentStatus.response).state).toBe('completed');
    } finally {
      restore();
    }
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(10_000);
  });

  it('ends a failed payment without credit', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const started = dataOf(await make(f, trader, { amount: 300 }), paymentContracts.makePayment.response);
    await f.fake.choose(started.merchant_order_id, 'failure');
    await f.fake.settled();
    const read = dataOf(await statusOf(f, trader, started.payment_id), paymentContracts.getPaymentStatus.response);
    expect(read).toMatchObject({ state: 'failed', failure_reason: 'The payment did not go through (PAYMENT_ERROR / ZM).' });
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(0);
  });

  it("answers 404 for another user's payment id (and 400 for a malformed one), and lists only one's own", async () => {
    const f = franchise();
    const owner = await f.newUser();
    const stranger = await f.newUser();
    const started = dataOf(await make(f, owner, { amount: 200 }), paymentContracts.makePayment.response);
    expectError(await statusOf(f, stranger, started.payment_id), 404, 'Payment not found');
    expectError(await statusOf(f, stranger, 'not-a-payment'), 400);
    const mine = dataOf(await f.call('POST', '/payment/getpayments', { token: owner.token, body: { limit: 5 } }), paymentContracts.getPayments.response);
    expect(mine.items.map((item) => item.payment_id)).toEqual([started.payment_id]);
    const theirs = dataOf(await f.call('POST', '/payment/getpayments', { token: stranger.token, body: {} }), paymentContracts.getPayments.response);
    expect(theirs.items).toEqual([]);
    expectError(await f.call('POST', '/payment/getpaymentalerts', { token: owner.token, body: {} }), 403);
  });

  it('answers 422 while PhonePe is off for the franchise', async () => {
    const f = franchise();
    const trader = await f.newUser();
    await f.call('POST', '/users/brokerpanelconfigs/updatephonepeconfigs', { token: f.admin.token, body: f.settings({ enabled: false }) });
    try {
      expectError(await make(f, trader, { amount: 500 }), 422, 'Payments by PhonePe are not available. Please contact your broker.');
    } finally {
      await f.call('POST', '/users/brokerpanelconfigs/updatephonepeconfigs', { token: f.admin.token, body: f.settings() });
    }
  });

  it('answers 502 when PhonePe refuses or does not answer, crediting nothing', async () => {
    const f = franchise();
    const trader = await f.newUser();
    f.fake.inject('pay', { kind: 'server-error', status: 503 });
    expectError(await make(f, trader, { amount: 500 }), 502, 'PhonePe did not answer. Nothing was charged; please try again.');
    const [unanswered] = dataOf(await f.call('POST', '/payment/getpayments', { token: trader.token, body: {} }), paymentContracts.getPayments.response).items;
    expect(unanswered?.state).toBe('pending');
    expect((await getPayment(ownerOf(trader), unanswered?.payment_id ?? ''))?.state).toBe('created');
    await f.call('POST', '/users/brokerpanelconfigs/updatephonepeconfigs', { token: f.admin.token, body: f.settings({ client_id: 'TEST-UNKNOWN' }) });
    try {
      expectError(await make(f, trader, { amount: 500 }), 502);
    } finally {
      await f.call('POST', '/users/brokerpanelconfigs/updatephonepeconfigs', { token: f.admin.token, body: f.settings() });
    }
    const items = dataOf(await f.call('POST', '/payment/getpayments', { token: trader.token, body: {} }), paymentContracts.getPayments.response).items;
    expect(items.map((item) => item.state)).toEqual(['failed', 'pending']);
    expect((await getWalletBalance(ownerOf(trader))).balancePaise).toBe(0);
  });
});
