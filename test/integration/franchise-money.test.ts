import { randomInt, randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { franchiseMoneyContracts, type FranchisePayment } from '../../shared/contracts/franchise-money';
import { paymentContracts } from '../../shared/contracts/payments';
import { formatDay, marketDayOf } from '../../shared/domain/market-clock';
import { createBankTransfer } from '../../functions/data/bank-transfers/bank-transfers-repository';
import { now, useClock } from '../../functions/platform/clock';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { dataOf, expectError } from '../support/api-answers';
import { keepFileInsideOneMarketDay } from '../support/day-steady-clock';
import { useGateway } from '../support/gateway';
import { usePhonePeFranchise, type PhonePeFranchise } from '../support/phonepe-franchise';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The broker panel's franchise-wide money listings (issue 17, /transaction): PhonePe payments and bank
 * claims merged, wallet movements of every user, filters, totals over the whole range, paging, and
 * another franchise's data never shown. The file's franchise is its own (usePhonePeFranchise), so the
 * totals are exact.
 */
keepFileInsideOneMarketDay();
const api = useGateway();
const franchise = usePhonePeFranchise(api, { configure: true });
const SECOND_TENANT_HOST = 'tenant-two.localhost';
const DAY_MS = 86_400_000;

const BANK = { account_name: 'TradeBridge Pvt Ltd', account_number: '001234567890', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank', branch: 'Fort, Mumbai', upi_id: '' };
const freshUtr = () => `N${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const today = () => formatDay(marketDayOf(now()));
const daysAgo = (days: number) => formatDay(marketDayOf(now()) - days);

const listPayments = (f: PhonePeFranchise, who: TestUser, body: Record<string, unknown> = {}) => f.call('POST', '/payment/getfranchisepayments', { token: who.token, body });
const listLedger = (f: PhonePeFranchise, who: TestUser, body: Record<string, unknown> = {}) => f.call('POST', '/payment/getfranchiseledger', { token: who.token, body });
const payments = async (f: PhonePeFranchise, who: TestUser, body: Record<string, unknown> = {}) => dataOf(await listPayments(f, who, body), franchiseMoneyContracts.getFranchisePayments.response);
const ledger = async (f: PhonePeFranchise, who: TestUser, body: Record<string, unknown> = {}) => dataOf(await listLedger(f, who, body), franchiseMoneyContracts.getFranchiseLedger.response);

interface Arranged {
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  completed: { payment_id: string; merchant_order_id: string };
  failed: { payment_id: string };
  approvedUtr: string;
  oldClaimId: string;
  foreigner: TestUser;
}

let arranged: Arranged | undefined;
const the = () => {
  if (!arranged) throw new Error('arranged in beforeAll');
  return arranged;
};

async function claim(f: PhonePeFranchise, who: TestUser, amountPaise: number): Promise<{ transfer_id: string; utr: string }> {
  const answer = await f.call('POST', '/payment/submitbanktransfer', { token: who.token, body: { amount_paise: amountPaise, utr: freshUtr() } });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { data: { transfer_id: string; utr: string } }).data;
}

async function phonePe(f: PhonePeFranchise, who: TestUser, rupees: number, choice: 'success' | 'failure') {
  const started = dataOf(await f.call('POST', '/payment/makepayment', { token: who.token, body: { amount: rupees } }), paymentContracts.makePayment.response);
  await f.fake.choose(started.merchant_order_id, choice);
  await f.fake.settled();
  const read = dataOf(await f.call('POST', '/payment/getpaymentstatus', { token: who.token, body: { payment_id: started.payment_id } }), paymentContracts.getPaymentStatus.response);
  expect(read.state).toBe(choice === 'success' ? 'completed' : 'failed');
  return started;
}

beforeAll(async () => {
  const f = franchise();
  const panel = f.admin;
  expect((await f.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: panel.token, body: BANK })).status).toBe(200);
  const [alice, bob, carol] = await Promise.all([f.newUser(), f.newUser(), f.newUser()]);
  // 40 days ago (outside the default 30): a claim of Bob's and a credit to Carol.
  // (The claim is written through its repository: a token checked 40 days before it was issued would be refused.)
  const oldClaimId = ulid();
  const old = new Date(now().getTime() - 40 * DAY_MS);
  expect(await createBankTransfer({ owner: ownerOf(bob), transferId: oldClaimId, utr: freshUtr(), amountPaise: 5_000, note: '' }, old)).toMatchObject({ kind: 'created' });
  const restore = useClock(old);
  try {
    await moveWallet({ owner: ownerOf(carol), direction: 'credit', amountPaise: 7_000, reason: 'bank_transfer', reference: { utr: 'OLD' }, description: 'Old credit', idempotencyKey: `test#${randomUUID()}` });
  } finally {
    restore();
  }
  const completed = await phonePe(f, alice, 500, 'success');
  const failed = await phonePe(f, alice, 100, 'failure');
  const approvedClaim = await claim(f, bob, 123_456);
  expect((await f.call('POST', '/payment/approvebanktransfer', { token: panel.token, body: { transfer_id: approvedClaim.transfer_id } })).status).toBe(200);
  const rejectedClaim = await claim(f, bob, 20_000);
  expect((await f.call('POST', '/payment/rejectbanktransfer', { token: panel.token, body: { transfer_id: rejectedClaim.transfer_id, reason: 'Not on our statement' } })).status).toBe(200);
  await claim(f, carol, 30_000);
  await moveWallet({ owner: ownerOf(alice), direction: 'debit', amountPaise: 10_000, reason: 'broker_subscription', reference: { plan_id: 'monthly' }, description: 'Broker plan', idempotencyKey: `test#${randomUUID()}` });
  // Another franchise's money: a movement of a franchise-2 user.
  const foreigner = await createTestUser({ frchId: 2 });
  await moveWallet({ owner: ownerOf(foreigner), direction: 'credit', amountPaise: 99_900, reason: 'bank_transfer', reference: { utr: 'FOREIGN' }, description: 'Foreign credit', idempotencyKey: `test#${randomUUID()}` });
  arranged = { alice, bob, carol, completed, failed: { payment_id: failed.payment_id }, approvedUtr: approvedClaim.utr, oldClaimId, foreigner };
});

const statusTotals = (totals: { by_status: { status: string; count: number; amount_paise: number }[] }) => Object.fromEntries(totals.by_status.map((total) => [total.status, [total.count, total.amount_paise]]));

describe('POST /payment/getfranchisepayments', () => {
  it('merges PhonePe payments and bank claims newest first, names the users, and totals the default 30 days', async () => {
    const f = franchise();
    const { alice, bob, carol, completed } = the();
    const answer = await payments(f, f.admin);
    expect(answer.range).toEqual({ from_date: daysAgo(30), to_date: today() });
    expect(answer.items.map((row) => [row.method, row.user.user_id, row.amount_paise, row.status])).toEqual([
      ['BANK', carol.user.user_id, 30_000, 'pending'],
      ['BANK', bob.user.user_id, 20_000, 'rejected'],
      ['BANK', bob.user.user_id, 123_456, 'completed'],
      ['PHONEPE', alice.user.user_id, 10_000, 'failed'],
      ['PHONEPE', alice.user.user_id, 50_000, 'completed'],
    ]);
    const paid = answer.items.find((row) => row.id === completed.payment_id) as FranchisePayment;
    expect(paid).toMatchObject({ user: { user_id: alice.user.user_id, name: 'Test User', email: alice.user.email }, amount: 500, reference: completed.merchant_order_id, status_text: 'Payment confirmed', refunded_paise: 0 });
    expect(paid.settled_at).not.toBeNull();
    expect(answer.items.find((row) => row.status === 'rejected')).toMatchObject({ reason: 'Not on our statement', status_text: 'Rejected', settled_at: expect.any(String) });
    expect(answer.total).toBe(5);
    expect(answer.totals).toMatchObject({ count: 5, amount_paise: 233_456, credited_paise: 173_456 });
    expect(statusTotals(answer.totals)).toEqual({ pending: [1, 30_000], completed: [2, 173_456], failed: [1, 10_000], rejected: [1, 20_000], expired: [0, 0], review: [0, 0] });
  });

  it('totals the whole filtered range whatever the page; pages by offset', async () => {
    const f = franchise();
    const whole = await payments(f, f.admin);
    const first = await payments(f, f.admin, { limit: 2 });
    const third = await payments(f, f.admin, { limit: 2, offset: 4 });
    expect(first.items.map((row) => row.id)).toEqual(whole.items.slice(0, 2).map((row) => row.id));
    expect(third.items.map((row) => row.id)).toEqual(whole.items.slice(4).map((row) => row.id));
    expect([first.total, first.totals, third.totals]).toEqual([5, whole.totals, whole.totals]);
  });

  it('filters by method, status, user (id or email) and dates', async () => {
    const f = franchise();
    const { alice, bob, oldClaimId } = the();
    const phonePeOnly = await payments(f, f.admin, { method: 'PHONEPE' });
    expect(phonePeOnly.items.map((row) => row.method)).toEqual(['PHONEPE', 'PHONEPE']);
    expect(phonePeOnly.totals).toMatchObject({ count: 2, amount_paise: 60_000, credited_paise: 50_000 });
    const completed = await payments(f, f.admin, { status: 'completed' });
    expect(completed.items.map((row) => row.method).sort()).toEqual(['BANK', 'PHONEPE']);
    expect(completed.totals).toMatchObject({ count: 2, credited_paise: 173_456 });
    const bankOfBob = await payments(f, f.admin, { user_id: bob.user.user_id, method: 'BANK' });
    expect(bankOfBob.items.map((row) => row.amount_paise)).toEqual([20_000, 123_456]);
    const byEmail = await payments(f, f.admin, { user_email: alice.user.email.toUpperCase() });
    expect(byEmail.items.every((row) => row.user.user_id === alice.user.user_id)).toBe(true);
    expect(byEmail.total).toBe(2);
    const longer = await payments(f, f.admin, { from_date: daysAgo(45), user_id: bob.user.user_id });
    expect(longer.items.map((row) => row.id)).toContain(oldClaimId);
    expect(longer.totals).toMatchObject({ count: 3, amount_paise: 148_456 });
    const onlyOld = await payments(f, f.admin, { from_date: daysAgo(45), to_date: daysAgo(35) });
    expect(onlyOld.items.map((row) => [row.id, row.status])).toEqual([[oldClaimId, 'pending']]);
  });

  it('shows only the caller franchise: a user of another franchise is a 404, their money never listed', async () => {
    const f = franchise();
    const { foreigner } = the();
    expectError(await listPayments(f, f.admin, { user_email: foreigner.user.email }), 404, 'No user with this id or email in your franchise.');
    expectError(await listPayments(f, f.admin, { user_id: 987_654_321 }), 404);
    const foreignPanel = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
    const theirs = await api.call('POST', '/payment/getfranchisepayments', { token: foreignPanel.token, body: { user_id: foreigner.user.user_id }, host: SECOND_TENANT_HOST });
    expect(dataOf(theirs, franchiseMoneyContracts.getFranchisePayments.response).items).toEqual([]);
    const mineAsThem = await api.call('POST', '/payment/getfranchisepayments', { token: foreignPanel.token, body: { user_email: the().alice.user.email }, host: SECOND_TENANT_HOST });
    expectError(mineAsThem, 404);
  });

  it('refuses an ordinary user (403) and bad input (400 in the envelope)', async () => {
    const f = franchise();
    expectError(await listPayments(f, the().alice), 403);
    for (const body of [
      { from_date: today(), to_date: daysAgo(1) },
      { from_date: daysAgo(93), to_date: today() },
      { from_date: '01-11-2026' },
      { user_id: 'seven' },
      { user_id: -1 },
      { user_id: 1.5 },
      { user_email: 'not-an-email' },
      { method: 'CASH' },
      { status: 'approved' },
      { limit: 0 },
      { limit: 101 },
      { extra: true },
    ]) {
      expectError(await listPayments(f, f.admin, body), 400);
    }
    expect((await payments(f, f.admin, { from_date: daysAgo(92), to_date: today() })).range.from_date).toBe(daysAgo(92));
  });
});

describe('POST /payment/getfranchiseledger', () => {
  it("lists every user's movements newest first with totals over the range", async () => {
    const f = franchise();
    const { alice, bob, approvedUtr } = the();
    const answer = await ledger(f, f.admin);
    expect(answer.items.map((entry) => [entry.user.user_id, entry.type, entry.amount_paise, entry.reason])).toEqual([
      [alice.user.user_id, 'debit', 10_000, 'broker_subscription'],
      [bob.user.user_id, 'credit', 123_456, 'bank_transfer'],
      [alice.user.user_id, 'credit', 50_000, 'phonepe_payment'],
    ]);
    expect(answer.items[1]).toMatchObject({ user: { email: bob.user.email, name: 'Test User' }, amount: 1234.56, balance_after_paise: 123_456, reason_text: 'Bank transfer', reference: { utr: approvedUtr } });
    expect(answer.items[0]).toMatchObject({ balance_after_paise: 40_000, balance_after: 400 });
    expect(answer.totals).toEqual({ count: 3, credited_paise: 173_456, debited_paise: 10_000, net_paise: 163_456 });
    const paged = await ledger(f, f.admin, { limit: 1, offset: 1 });
    expect([paged.items.map((entry) => entry.amount_paise), paged.total, paged.totals]).toEqual([[123_456], 3, answer.totals]);
  });

  it('filters by user, type, reason and dates', async () => {
    const f = franchise();
    const { alice, carol } = the();
    expect((await ledger(f, f.admin, { user_id: alice.user.user_id })).totals).toEqual({ count: 2, credited_paise: 50_000, debited_paise: 10_000, net_paise: 40_000 });
    expect((await ledger(f, f.admin, { type: 'credit' })).totals).toMatchObject({ count: 2, debited_paise: 0 });
    expect((await ledger(f, f.admin, { reason: 'phonepe_payment' })).items.map((entry) => entry.amount_paise)).toEqual([50_000]);
    const old = await ledger(f, f.admin, { from_date: daysAgo(45), to_date: daysAgo(35) });
    expect(old.items.map((entry) => [entry.user.user_id, entry.amount_paise, entry.description])).toEqual([[carol.user.user_id, 7_000, 'Old credit']]);
    expect((await ledger(f, f.admin, { user_email: carol.user.email })).items).toEqual([]);
  });

  it("never lists another franchise's movements, and refuses ordinary users and bad input", async () => {
    const f = franchise();
    const { foreigner, alice } = the();
    const mine = await ledger(f, f.admin, { from_date: daysAgo(45) });
    expect(mine.items.map((entry) => entry.description)).not.toContain('Foreign credit');
    const foreignPanel = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
    const theirs = await api.call('POST', '/payment/getfranchiseledger', { token: foreignPanel.token, body: { user_id: foreigner.user.user_id }, host: SECOND_TENANT_HOST });
    expect(dataOf(theirs, franchiseMoneyContracts.getFranchiseLedger.response).items.map((entry) => [entry.amount_paise, entry.description])).toEqual([[99_900, 'Foreign credit']]);
    expectError(await listLedger(f, f.admin, { user_email: foreigner.user.email }), 404);
    expectError(await listLedger(f, alice), 403);
    for (const body of [{ from_date: today(), to_date: daysAgo(2) }, { from_date: daysAgo(100) }, { user_id: 0 }, { type: 'refund' }, { reason: 'gift' }, { offset: -1 }]) {
      expectError(await listLedger(f, f.admin, body), 400);
    }
  });
});
