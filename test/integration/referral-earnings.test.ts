import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentContracts } from '../../shared/contracts/payments';
import { referralContracts } from '../../shared/contracts/referrals';
import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { userContracts } from '../../shared/contracts/user';
import { getEarningsTotals } from '../../functions/data/referrals/referral-earnings-repository';
import { auditWallet } from '../../functions/wallet/wallet-reads';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { usePhonePeFranchise, type PhonePeFranchise } from '../support/phonepe-franchise';
import { createChildUser, createReferredUser } from '../support/referrals';
import type { TestUser } from '../support/users';

/**
 * Referral earnings (issue 19): a referred user's confirmed payment earns its referrer the referrer's
 * percent (the parent's, else the franchise's default 10 %), floored to paise, once per payment — in the
 * transaction of the payment's credit, for PhonePe payments and approved bank transfers.
 */
const api = useGateway();
const franchise = usePhonePeFranchise(api, { configure: true });

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const BANK = { account_name: 'Referral Test Ltd', account_number: '001234567890', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank', branch: 'Fort, Mumbai', upi_id: '' };
const get = (f: PhonePeFranchise, who: TestUser, path: string) => f.call('GET', `/users/referrals/${path}`, { token: who.token });

/** A PhonePe payment of `amount` rupees chosen as paid on the fake's checkout page; webhooks arrive twice. */
async function paidThroughPhonePe(f: PhonePeFranchise, payer: TestUser, amount: number): Promise<string> {
  const started = dataOf(await f.call('POST', '/payment/makepayment', { token: payer.token, body: { amount } }), paymentContracts.makePayment.response);
  const chosen = await fetch(started.checkout_url, { method: 'POST', body: new URLSearchParams({ choice: 'success' }), redirect: 'manual' });
  expect(chosen.status).toBe(302);
  await f.fake.settled();
  return started.payment_id;
}

describe('referral earnings from payments', () => {
  it("a referred user's PhonePe payment earns the default percent once, however often it is confirmed", async () => {
    const f = franchise();
    const referrer = await f.newUser();
    const referred = await createReferredUser(f.frchId, referrer.user.user_id);
    const paymentId = await paidThroughPhonePe(f, referred, 250.55);
    // A status read confirms the same payment a third time.
    const read = dataOf(await f.call('POST', '/payment/getpaymentstatus', { token: referred.token, body: { payment_id: paymentId } }), paymentContracts.getPaymentStatus.response);
    expect(read.state).toBe('completed');

    expect(await auditWallet(ownerOf(referred))).toMatchObject({ balancePaise: 25_055, movements: 1 });
    // 10 % of 25,055 paise is 2,505.5: floored to 2,505.
    expect(await getEarningsTotals(f.frchId, referrer.user.user_id, true)).toEqual({ balancePaise: 2_505, earnedPaise: 2_505, cashedOutPaise: 0, pendingPaise: 0 });
    const earnings = dataOf(await get(f, referrer, 'getreferralearnings'), referralContracts.getReferralEarnings.response);
    expect(earnings.items).toEqual([
      { payment_id: paymentId, source: 'phonepe', referred_user_id: referred.user.user_id, referred_user_name: 'Referred User', payment_amount_paise: 25_055, percent: 10, earned_paise: 2_505, created_at: expect.any(String) },
    ]);
    const data = dataOf(await get(f, referrer, 'referraldata'), referralContracts.referralData.response);
    expect(data.totals).toEqual({ earned_paise: 2_505, cashed_out_paise: 0, pending_cashout_paise: 0, balance_paise: 2_505, referred_count: 1, active_count: 1 });
    expect(data.percent).toBe(10);
    expect(data.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(data.referral_link).toBe(`http://${f.host}/platform/register?referral_code=${data.referral_code}`);
    const active = dataOf(await get(f, referrer, 'getactivereferrals'), referralContracts.getActiveReferrals.response);
    expect(active.items).toEqual([expect.objectContaining({ user_id: referred.user.user_id, active_because: 'recent_payment', earned_paise: 2_505, subscription_expires_at: null })]);
    const all = dataOf(await get(f, referrer, 'getallreferrals'), referralContracts.getAllReferrals.response);
    expect(all.items).toEqual([expect.objectContaining({ user_id: referred.user.user_id, name: 'Referred User', earned_paise: 2_505 })]);
    // The payer earned nothing, and the referrer was told (once).
    expect(await getEarningsTotals(f.frchId, referred.user.user_id, true)).toMatchObject({ earnedPaise: 0 });
    const notices = dataOf(await f.call('POST', '/users/getusernotifications', { token: referrer.token, body: {} }), userContracts.getUserNotifications.response);
    expect(notices.items.filter((notice) => notice.notify_type === 'Referral Earning').map((notice) => notice.notified_message)).toEqual([
      'You earned ₹25.05 from a payment of a user you referred.',
    ]);
  });

  it('a payment of a user nobody referred earns nothing; a referred user who never paid is not active', async () => {
    const f = franchise();
    const referrer = await f.newUser();
    const idle = await createReferredUser(f.frchId, referrer.user.user_id);
    const loner = await f.newUser();
    await paidThroughPhonePe(f, loner, 100);
    expect(await getEarningsTotals(f.frchId, loner.user.user_id, true)).toMatchObject({ earnedPaise: 0 });
    expect(dataOf(await get(f, referrer, 'getactivereferrals'), referralContracts.getActiveReferrals.response).items).toEqual([]);
    expect(dataOf(await get(f, referrer, 'getallreferrals'), referralContracts.getAllReferrals.response).items).toEqual([expect.objectContaining({ user_id: idle.user.user_id, earned_paise: 0 })]);
  });

  it('an approved bank transfer earns once, approved twice', async () => {
    const f = franchise();
    expect((await f.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: f.admin.token, body: BANK })).status).toBe(200);
    const referrer = await f.newUser();
    const referred = await createReferredUser(f.frchId, referrer.user.user_id);
    const utr = `R${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
    const claim = await f.call('POST', '/payment/submitbanktransfer', { token: referred.token, body: { amount_paise: 1_00_000, utr } });
    expect(claim.status, claim.text).toBe(200);
    const transferId = (claim.body as { data: { transfer_id: string } }).data.transfer_id;
    for (let i = 0; i < 2; i += 1) expect((await f.call('POST', '/payment/approvebanktransfer', { token: f.admin.token, body: { transfer_id: transferId } })).status).toBe(200);
    expect(await getEarningsTotals(f.frchId, referrer.user.user_id, true)).toMatchObject({ balancePaise: 10_000, earnedPaise: 10_000 });
    const earnings = dataOf(await get(f, referrer, 'getreferralearnings'), referralContracts.getReferralEarnings.response);
    expect(earnings.items).toEqual([expect.objectContaining({ payment_id: transferId, source: 'bank_transfer', earned_paise: 10_000 })]);
  });

  it("the percent the referrer's parent set wins over the franchise's default", async () => {
    const f = franchise();
    const parent = await f.newUser({ can_add_subuser: true });
    const referrer = await createChildUser(f.frchId, parent.user.user_id);
    const set = await f.call('POST', '/users/subusermanagement/updatereferpercent', { token: parent.token, body: { sub_user_id: referrer.user.user_id, referral_percent: 12.5 } });
    expect(set.status, set.text).toBe(200);
    const referred = await createReferredUser(f.frchId, referrer.user.user_id);
    await paidThroughPhonePe(f, referred, 100.01);
    // 12.5 % of 10,001 paise is 1,250.125: floored to 1,250.
    expect(await getEarningsTotals(f.frchId, referrer.user.user_id, true)).toMatchObject({ balancePaise: 1_250, earnedPaise: 1_250 });
    expect(dataOf(await get(f, referrer, 'referraldata'), referralContracts.referralData.response).percent).toBe(12.5);

    // The parent sees the sub-user's referrals; another parent of the franchise gets 404.
    const view = dataOf(await f.call('POST', '/users/subusermanagement/getreferrals', { token: parent.token, body: { sub_user_id: referrer.user.user_id } }), subUserViewContracts.getReferrals.response);
    expect(view).toEqual({ items: [expect.objectContaining({ user_id: referred.user.user_id, earned_paise: 1_250 })], earnings_balance_paise: 1_250 });
    const otherParent = await f.newUser({ can_add_subuser: true });
    expectError(await f.call('POST', '/users/subusermanagement/getreferrals', { token: otherParent.token, body: { sub_user_id: referrer.user.user_id } }), 404);
    expectError(await f.call('POST', '/users/subusermanagement/getreferrals', { token: referred.token, body: { sub_user_id: referrer.user.user_id } }), 403);
    expectError(await f.call('POST', '/users/subusermanagement/getreferrals', { token: parent.token, body: { sub_user_id: 'x' } }), 400);
  });
});
