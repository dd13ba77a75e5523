import { describe, expect, it } from 'vitest';
import { ABOVE_EARNINGS_MESSAGE, referralContracts } from '../../shared/contracts/referrals';
import { getEarningsTotals } from '../../functions/data/referrals/referral-earnings-repository';
import { auditWallet } from '../../functions/wallet/wallet-reads';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { seedReferralEarnings } from '../support/referrals';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Referral cash-outs (issue 19; spec §4 pending, initiate, completed, rejected; choices credit, withdraw):
 * a credit moves earnings into the wallet at once, a withdrawal waits for the broker panel, whose moves
 * follow the state machine; earnings never go below zero.
 */
const api = useGateway();
const SECOND_TENANT_HOST = 'tenant-two.localhost';
const hostOf = (who: TestUser) => (who.user.frch_id === 2 ? { host: SECOND_TENANT_HOST } : {});
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const totalsOf = (who: TestUser) => getEarningsTotals(who.user.frch_id, who.user.user_id, true);
let keys = 0;
const freshKey = () => `cashout-${Date.now().toString(36)}-${(keys += 1)}-${Math.random().toString(36).slice(2, 8)}`;
const BANK_ACCOUNT = { holder_name: 'Asha Kulkarni', account_number: '123456789012', ifsc: 'sbin0001234' };

const cashOut = (who: TestUser, body: Record<string, unknown>) => api.call('POST', '/users/referrals/referralcashout', { token: who.token, body, ...hostOf(who) });
const update = (who: TestUser, body: Record<string, unknown>) => api.call('POST', '/users/referrals/updatecashoutreferrals', { token: who.token, body, ...hostOf(who) });
const cashouts = (who: TestUser, query = '') => api.call('GET', `/users/referrals/getcashoutreferrals${query}`, { token: who.token, ...hostOf(who) });

async function earner(paise: number): Promise<TestUser> {
  const who = await createTestUser();
  await seedReferralEarnings(who, paise);
  return who;
}

async function withdrawal(who: TestUser, amountPaise: number): Promise<string> {
  const key = freshKey();
  const answer = dataOf(await cashOut(who, { choice: 'withdraw', amount_paise: amountPaise, idempotency_key: key, bank_account: BANK_ACCOUNT }), referralContracts.referralCashout.response);
  expect(answer.cashout.status).toBe('pending');
  return key;
}

describe('POST /users/referrals/referralcashout', () => {
  it('credit: earnings move into the wallet at once (completed), once per key', async () => {
    const who = await earner(5_000);
    const key = freshKey();
    const first = dataOf(await cashOut(who, { choice: 'credit', amount_paise: 3_000, idempotency_key: key }), referralContracts.referralCashout.response);
    expect(first).toMatchObject({ earnings_balance_paise: 2_000, wallet_balance_paise: 3_000, replayed: false });
    expect(first.cashout).toMatchObject({ cashout_id: key, choice: 'credit', amount_paise: 3_000, status: 'completed', bank_account: null });
    const again = dataOf(await cashOut(who, { choice: 'credit', amount_paise: 3_000, idempotency_key: key }), referralContracts.referralCashout.response);
    expect(again).toMatchObject({ earnings_balance_paise: 2_000, wallet_balance_paise: 3_000, replayed: true });
    expect(await auditWallet(ownerOf(who))).toMatchObject({ balancePaise: 3_000, ledgerSumPaise: 3_000, movements: 1, chainIntact: true });
    expect(await totalsOf(who)).toEqual({ balancePaise: 2_000, earnedPaise: 5_000, cashedOutPaise: 3_000, pendingPaise: 0 });
    // The same key for another amount is refused, nothing moves.
    expectError(await cashOut(who, { choice: 'credit', amount_paise: 1_000, idempotency_key: key }), 409);
    expect(await totalsOf(who)).toMatchObject({ balancePaise: 2_000 });
    const ledger = await api.call('POST', '/users/getuserledger', { token: who.token, body: {} });
    expect(ledger.text).toContain('"reason":"referral_cashout"');
  });

  it('concurrent cash-outs never take the earnings below zero; a withdrawal sent twice is made once', async () => {
    const who = await earner(5_000);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        cashOut(who, index % 2 === 0 ? { choice: 'credit', amount_paise: 1_000, idempotency_key: freshKey() } : { choice: 'withdraw', amount_paise: 1_000, idempotency_key: freshKey(), bank_account: BANK_ACCOUNT }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(3);
    const totals = await totalsOf(who);
    expect(totals.balancePaise).toBe(0);
    expect(totals.cashedOutPaise + totals.pendingPaise).toBe(5_000);
    expect((await auditWallet(ownerOf(who))).balancePaise).toBe(totals.cashedOutPaise);

    const again = await earner(3_000);
    const key = freshKey();
    const body = { choice: 'withdraw', amount_paise: 2_000, idempotency_key: key, bank_account: BANK_ACCOUNT };
    const [first, second] = await Promise.all([cashOut(again, body), cashOut(again, body)]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(dataOf(await cashOut(again, body), referralContracts.referralCashout.response)).toMatchObject({ replayed: true, earnings_balance_paise: 1_000 });
    expectError(await cashOut(again, { ...body, choice: 'credit', bank_account: undefined }), 409);
    expect(await totalsOf(again)).toEqual({ balancePaise: 1_000, earnedPaise: 3_000, cashedOutPaise: 0, pendingPaise: 2_000 });
  });

  it('refuses amounts above the earnings (422) and bad input (400), writing nothing', async () => {
    const who = await earner(1_000);
    expectError(await cashOut(who, { choice: 'credit', amount_paise: 1_001, idempotency_key: freshKey() }), 422, ABOVE_EARNINGS_MESSAGE);
    expectError(await cashOut(who, { choice: 'withdraw', amount_paise: 1_001, idempotency_key: freshKey(), bank_account: BANK_ACCOUNT }), 422, ABOVE_EARNINGS_MESSAGE);
    const nobody = await createTestUser();
    expectError(await cashOut(nobody, { choice: 'credit', amount_paise: 100, idempotency_key: freshKey() }), 422, ABOVE_EARNINGS_MESSAGE);
    for (const body of [
      { choice: 'credit', amount_paise: 99, idempotency_key: freshKey() },
      { choice: 'credit', amount_paise: 100.5, idempotency_key: freshKey() },
      { choice: 'gift', amount_paise: 100, idempotency_key: freshKey() },
      { choice: 'credit', amount_paise: 100, idempotency_key: 'short' },
      { choice: 'credit', amount_paise: 100, idempotency_key: freshKey(), bank_account: BANK_ACCOUNT },
      { choice: 'withdraw', amount_paise: 100, idempotency_key: freshKey() },
      { choice: 'withdraw', amount_paise: 100, idempotency_key: freshKey(), bank_account: { ...BANK_ACCOUNT, account_number: '12345678' } },
      { choice: 'withdraw', amount_paise: 100, idempotency_key: freshKey(), bank_account: { ...BANK_ACCOUNT, account_number: '1234567890123456789' } },
      { choice: 'withdraw', amount_paise: 100, idempotency_key: freshKey(), bank_account: { ...BANK_ACCOUNT, ifsc: 'SBIN1001234' } },
      { choice: 'withdraw', amount_paise: 100, idempotency_key: freshKey(), bank_account: { ...BANK_ACCOUNT, holder_name: ' ' } },
    ]) {
      expectError(await cashOut(who, body), 400);
    }
    expect(await totalsOf(who)).toEqual({ balancePaise: 1_000, earnedPaise: 1_000, cashedOutPaise: 0, pendingPaise: 0 });
    expect(await auditWallet(ownerOf(who))).toMatchObject({ balancePaise: 0, movements: 0 });
  });

  it('withdraw: pending, the account number masked, listed for the user and the broker panel', async () => {
    const who = await earner(10_000);
    const key = await withdrawal(who, 4_000);
    expect(await totalsOf(who)).toEqual({ balancePaise: 6_000, earnedPaise: 10_000, cashedOutPaise: 0, pendingPaise: 4_000 });
    const own = dataOf(await cashouts(who), referralContracts.getCashoutReferrals.response);
    expect(own.items).toEqual([expect.objectContaining({ cashout_id: key, status: 'pending', bank_account: { holder_name: 'Asha Kulkarni', account_number: 'XXXXXXXX9012', ifsc: 'SBIN0001234' } })]);
    expect(own.items[0]?.status_text).toBe('Waiting for the broker');
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    const listed = dataOf(await cashouts(panel, '?scope=franchise&status=pending&limit=100'), referralContracts.getCashoutReferrals.response);
    expect(listed.items.map((item) => item.cashout_id)).toContain(key);
    expect(listed.items.every((item) => item.status === 'pending')).toBe(true);
    expect(JSON.stringify(listed)).not.toContain('123456789012');
    // Only the broker panel reads the franchise's list; a bad status is a 400.
    expectError(await cashouts(who, '?scope=franchise'), 403);
    expectError(await cashouts(panel, '?scope=franchise&status=paid'), 400);
  });
});

describe('POST /users/referrals/updatecashoutreferrals', () => {
  it('moves pending → initiate → completed; every other move is refused with the current state', async () => {
    const who = await earner(10_000);
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    const key = await withdrawal(who, 4_000);
    const move = (status: string, reason?: string) => update(panel, { cashout_id: key, user_id: who.user.user_id, status, ...(reason ? { reason } : {}) });
    expectError(await move('completed'), 409, 'This cash-out is pending (Waiting for the broker); it cannot move to completed.');
    expect(dataOf(await move('initiate'), referralContracts.updateCashoutReferrals.response).status).toBe('initiate');
    expectError(await move('initiate'), 409);
    expect(dataOf(await move('completed'), referralContracts.updateCashoutReferrals.response).status).toBe('completed');
    for (const status of ['initiate', 'completed']) expectError(await move(status), 409, `This cash-out is completed (Completed); it cannot move to ${status}.`);
    expectError(await move('rejected', 'Too late'), 409);
    expect(await totalsOf(who)).toEqual({ balancePaise: 6_000, earnedPaise: 10_000, cashedOutPaise: 4_000, pendingPaise: 0 });
    // A credit cash-out is completed from the start: nothing moves it.
    const credit = freshKey();
    dataOf(await cashOut(who, { choice: 'credit', amount_paise: 1_000, idempotency_key: credit }), referralContracts.referralCashout.response);
    expectError(await update(panel, { cashout_id: credit, user_id: who.user.user_id, status: 'rejected', reason: 'No way' }), 409);
    expect(await totalsOf(who)).toMatchObject({ balancePaise: 5_000, cashedOutPaise: 5_000 });
  });

  it('rejects from pending or initiate with a reason, returning the amount to the earnings', async () => {
    const who = await earner(10_000);
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    const fromPending = await withdrawal(who, 3_000);
    const fromInitiate = await withdrawal(who, 2_000);
    expectError(await update(panel, { cashout_id: fromPending, user_id: who.user.user_id, status: 'rejected' }), 400);
    const rejected = dataOf(await update(panel, { cashout_id: fromPending, user_id: who.user.user_id, status: 'rejected', reason: 'Bank account closed' }), referralContracts.updateCashoutReferrals.response);
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Bank account closed' });
    expect((await update(panel, { cashout_id: fromInitiate, user_id: who.user.user_id, status: 'initiate' })).status).toBe(200);
    expect((await update(panel, { cashout_id: fromInitiate, user_id: who.user.user_id, status: 'rejected', reason: 'IFSC unknown' })).status).toBe(200);
    expect(await totalsOf(who)).toEqual({ balancePaise: 10_000, earnedPaise: 10_000, cashedOutPaise: 0, pendingPaise: 0 });
    expectError(await update(panel, { cashout_id: fromPending, user_id: who.user.user_id, status: 'initiate' }), 409);
    expect(await totalsOf(who)).toMatchObject({ balancePaise: 10_000 });
  });

  it('a user who is not the broker panel gets 403; another franchise, an unknown id or another user gets 404', async () => {
    const who = await earner(10_000);
    const key = await withdrawal(who, 1_000);
    const body = { cashout_id: key, user_id: who.user.user_id, status: 'initiate' };
    expectError(await update(who, body), 403);
    expectError(await update(await createTestUser({ roles: { can_add_subuser: true } }), body), 403);
    const foreignPanel = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
    expectError(await update(foreignPanel, body), 404);
    const foreignList = dataOf(await cashouts(foreignPanel, '?scope=franchise&limit=100'), referralContracts.getCashoutReferrals.response);
    expect(foreignList.items.map((item) => item.cashout_id)).not.toContain(key);
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    const other = await createTestUser();
    expectError(await update(panel, { ...body, user_id: other.user.user_id }), 404);
    expectError(await update(panel, { ...body, cashout_id: 'unknown-cashout' }), 404);
    expectError(await update(panel, { ...body, status: 'pending' }), 400);
    expect(await totalsOf(who)).toEqual({ balancePaise: 9_000, earnedPaise: 10_000, cashedOutPaise: 0, pendingPaise: 1_000 });
  });
});
