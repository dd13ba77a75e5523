import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatDay, marketDayOf } from '../../shared/domain/market-clock';
import { now } from '../../functions/platform/clock';
import { getWalletBalance } from '../../functions/wallet/wallet-reads';
import { keepFileInsideOneMarketDay } from '../support/day-steady-clock';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

keepFileInsideOneMarketDay();
const api = useGateway();
const SECOND_TENANT_HOST = 'tenant-two.localhost';

const BANK = { account_name: 'TradeBridge Pvt Ltd', account_number: '001234567890', ifsc: 'hdfc0001234', bank_name: 'HDFC Bank', branch: 'Fort, Mumbai', upi_id: 'tradebridge@hdfcbank' };
/** A fresh 16-character NEFT-style UTR (integration files share one table). */
const freshUtr = () => `N${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const hostOf = (who: TestUser) => (who.user.frch_id === 2 ? { host: SECOND_TENANT_HOST } : {});

async function panelOf(frchId = 1): Promise<TestUser> {
  const panel = await createTestUser({ frchId, roles: { is_brokerpanel: true } });
  const saved = await api.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: panel.token, body: BANK, ...hostOf(panel) });
  expect(saved.status).toBe(200);
  return panel;
}

async function submit(who: TestUser, body: Record<string, unknown>) {
  return api.call('POST', '/payment/submitbanktransfer', { token: who.token, body, ...hostOf(who) });
}

async function submitted(who: TestUser, amountPaise = 50_000): Promise<{ transfer_id: string; utr: string }> {
  const answer = await submit(who, { amount_paise: amountPaise, utr: freshUtr() });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { data: { transfer_id: string; utr: string } }).data;
}

const approve = (panel: TestUser, transferId: string) => api.call('POST', '/payment/approvebanktransfer', { token: panel.token, body: { transfer_id: transferId }, ...hostOf(panel) });
const reject = (panel: TestUser, transferId: string, reason: string) => api.call('POST', '/payment/rejectbanktransfer', { token: panel.token, body: { transfer_id: transferId, reason }, ...hostOf(panel) });

async function bankLedger(who: TestUser) {
  const answer = await api.call('POST', '/users/getuserledger', { token: who.token, body: {}, ...hostOf(who) });
  expect(answer.status).toBe(200);
  return (answer.body as { data: { items: { reason: string; amount_paise: number; reference: Record<string, string> }[] } }).data.items.filter((entry) => entry.reason === 'bank_transfer');
}

describe('bank details (spec §7 getbankdetails / updatebankdetails)', () => {
  it('the broker panel saves the account (IFSC upper-cased) and every user of the franchise reads it; each save is an activity', async () => {
    const panel = await panelOf();
    const user = await createTestUser();
    const read = await api.call('GET', '/users/brokerpanelconfigs/getbankdetails', { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: true, data: { configured: true, ifsc: 'HDFC0001234', account_number: '001234567890', upi_id: 'tradebridge@hdfcbank' } });
    const activities = await api.call('POST', '/users/getuseractivities', { token: panel.token, body: {} });
    expect(JSON.stringify(activities.body)).toContain('Updated bank details');
  });

  it('answers configured false in a franchise that has not saved one', async () => {
    const foreigner = await createTestUser({ frchId: 2 });
    const read = await api.call('GET', '/users/brokerpanelconfigs/getbankdetails', { token: foreigner.token, host: SECOND_TENANT_HOST });
    expect(read.body).toMatchObject({ status: true, data: { configured: false } });
  });

  it('refuses an ordinary user (403) and bad fields (400, status false with msg)', async () => {
    const user = await createTestUser();
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    const asUser = await api.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: user.token, body: BANK });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toMatchObject({ status: false, msg: expect.any(String) });
    for (const bad of [{ ifsc: 'HDFC1234567' }, { ifsc: 'HDF0001234' }, { upi_id: 'no-handle' }, { account_number: '12AB' }, { account_name: ' ' }, { extra: 1 }]) {
      const answer = await api.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: panel.token, body: { ...BANK, ...bad } });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toMatchObject({ status: false, msg: expect.any(String), error: { code: 'VALIDATION_FAILED' } });
    }
  });
});

describe('bank transfer claims', () => {
  it('submit → approve: the wallet and the ledger show the credit once; the user sees the claim approved', async () => {
    const panel = await panelOf();
    const user = await createTestUser();
    const claim = await submitted(user, 123_456);
    const mine = await api.call('POST', '/payment/getbanktransfers', { token: user.token, body: {} });
    expect(mine.body).toMatchObject({ data: { items: [{ transfer_id: claim.transfer_id, state: 'pending', amount: 1234.56, amount_paise: 123_456 }] } });
    expect(await getWalletBalance(ownerOf(user))).toMatchObject({ balancePaise: 0 });
    const approved = await approve(panel, claim.transfer_id);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ data: { state: 'approved' } });
    expect(await getWalletBalance(ownerOf(user))).toEqual({ balancePaise: 123_456, movements: 1 });
    expect(await bankLedger(user)).toEqual([expect.objectContaining({ amount_paise: 123_456, reference: { transfer_id: claim.transfer_id, utr: claim.utr } })]);
    const again = await approve(panel, claim.transfer_id);
    expect(again.status).toBe(200);
    expect(await getWalletBalance(ownerOf(user))).toEqual({ balancePaise: 123_456, movements: 1 });
  });

  it('approvals racing (ten at once, two broker-panel users) credit once', async () => {
    const panel = await panelOf();
    const other = await createTestUser({ roles: { is_brokerpanel: true } });
    const user = await createTestUser();
    const claim = await submitted(user, 70_000);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => approve(i % 2 ? panel : other, claim.transfer_id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await getWalletBalance(ownerOf(user))).toEqual({ balancePaise: 70_000, movements: 1 });
    expect(await bankLedger(user)).toHaveLength(1);
  });

  it('approve and reject racing: exactly one wins, and money moves only if approval did', async () => {
    const panel = await panelOf();
    const user = await createTestUser();
    const claim = await submitted(user, 10_000);
    const [approved, rejected] = await Promise.all([approve(panel, claim.transfer_id), reject(panel, claim.transfer_id, 'No such credit on our statement')]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const balance = await getWalletBalance(ownerOf(user));
    expect(balance.balancePaise).toBe(approved.status === 200 ? 10_000 : 0);
  });

  it('the same UTR cannot be claimed twice in a franchise (any spacing or case), but may be in another franchise', async () => {
    await panelOf();
    await panelOf(2);
    const alice = await createTestUser();
    const bob = await createTestUser();
    const foreigner = await createTestUser({ frchId: 2 });
    const utr = freshUtr();
    expect((await submit(alice, { amount_paise: 5_000, utr })).status).toBe(200);
    const twice = await submit(bob, { amount_paise: 5_000, utr: ` ${utr.toLowerCase().slice(0, 4)} ${utr.slice(4)} ` });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ status: false, error: { code: 'CONFLICT', message: expect.stringContaining('already been claimed') } });
    expect((await submit(foreigner, { amount_paise: 5_000, utr })).status).toBe(200);
    const mine = await api.call('POST', '/payment/getbanktransfers', { token: bob.token, body: {} });
    expect(mine.body).toMatchObject({ data: { items: [] } });
  });

  it('reject: the user reads the reason, nothing is credited, and the claim can no longer be approved', async () => {
    const panel = await panelOf();
    const user = await createTestUser();
    const claim = await submitted(user);
    const rejected = await reject(panel, claim.transfer_id, 'Amount on our statement is ₹400, not ₹500');
    expect(rejected.status).toBe(200);
    const mine = await api.call('POST', '/payment/getbanktransfers', { token: user.token, body: {} });
    expect(mine.body).toMatchObject({ data: { items: [{ state: 'rejected', state_text: 'Rejected', reject_reason: 'Amount on our statement is ₹400, not ₹500' }] } });
    expect((await approve(panel, claim.transfer_id)).status).toBe(409);
    expect((await reject(panel, claim.transfer_id, 'Again')).status).toBe(409);
    expect(await getWalletBalance(ownerOf(user))).toMatchObject({ balancePaise: 0 });
  });

  it('the broker panel lists its franchise claims by state and dates; another franchise sees none of them', async () => {
    const panel = await panelOf();
    const user = await createTestUser();
    const pending = await submitted(user);
    const rejectedClaim = await submitted(user);
    await reject(panel, rejectedClaim.transfer_id, 'Not received');
    const today = formatDay(marketDayOf(now()));
    const list = async (who: TestUser, body: Record<string, unknown>) => {
      const answer = await api.call('POST', '/payment/getfranchisebanktransfers', { token: who.token, body: { limit: 100, ...body }, ...hostOf(who) });
      expect(answer.status, answer.text).toBe(200);
      return (answer.body as { data: { items: { transfer_id: string; state: string }[] } }).data.items.map((item) => item.transfer_id);
    };
    const pendingIds = await list(panel, { state: 'pending', from_date: today, to_date: today });
    expect(pendingIds).toContain(pending.transfer_id);
    expect(pendingIds).not.toContain(rejectedClaim.transfer_id);
    expect(await list(panel, { state: 'rejected' })).toContain(rejectedClaim.transfer_id);
    expect(await list(panel, { from_date: '2001-01-01', to_date: '2001-01-31' })).toEqual([]);
    const foreignPanel = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
    const foreign = await list(foreignPanel, {});
    expect(foreign).not.toContain(pending.transfer_id);
  });

  it('bad input on each call is a 400 in the envelope, nothing written', async () => {
    const panel = await panelOf();
    const user = await createTestUser();
    for (const body of [
      { amount_paise: 0, utr: freshUtr() },
      { amount_paise: -100, utr: freshUtr() },
      { amount_paise: 100.5, utr: freshUtr() },
      { amount_paise: 10_00_000 * 100 + 1, utr: freshUtr() },
      { amount_paise: '500', utr: freshUtr() },
      { amount_paise: 500, utr: 'SHORT1' },
      { amount_paise: 500, utr: 'UTR-WITH-DASH-123' },
      { amount_paise: 500 },
      { amount_paise: 500, utr: freshUtr(), note: 'x'.repeat(201) },
      { amount_paise: 500, utr: freshUtr(), user_id: 1 },
    ]) {
      const answer = await submit(user, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await api.call('POST', '/payment/getbanktransfers', { token: user.token, body: { limit: 0 } })).status).toBe(400);
    expect((await api.call('POST', '/payment/getbanktransfers', { token: user.token, body: { cursor: 'not-a-cursor' } })).status).toBe(400);
    expect((await api.call('POST', '/payment/getfranchisebanktransfers', { token: panel.token, body: { state: 'done' } })).status).toBe(400);
    expect((await api.call('POST', '/payment/getfranchisebanktransfers', { token: panel.token, body: { from_date: '01-01-2024' } })).status).toBe(400);
    expect((await api.call('POST', '/payment/getfranchisebanktransfers', { token: panel.token, body: { cursor: 'eyJQSyI6IngifQ' } })).status).toBe(400);
    expect((await approve(panel, 'not-an-id')).status).toBe(400);
    const claim = await submitted(user);
    expect((await reject(panel, claim.transfer_id, '')).status).toBe(400);
    expect((await reject(panel, claim.transfer_id, 'x'.repeat(301))).status).toBe(400);
    expect((await api.call('POST', '/payment/getbanktransfers', { token: user.token, body: {} })).body).toMatchObject({ data: { items: [{ state: 'pending' }] } });
    expect(await bankLedger(user)).toEqual([]);
  });

  it('refuses a claim while the franchise has no receiving account (422)', async () => {
    // Both test tenants get an account in this file, so the rule is checked on the use-case, for a franchise with none.
    const { submitBankTransfer, NO_BANK_DETAILS_MESSAGE } = await import('../../functions/bank-transfers/submit-bank-transfer');
    await expect(submitBankTransfer({ frchId: 9_000 + randomInt(0, 999_000), userId: 1 }, { amount_paise: 500, utr: freshUtr(), note: '' }, now())).rejects.toThrow(NO_BANK_DETAILS_MESSAGE);
  });

  it('an ordinary user gets 403 on the broker-panel calls; another franchise\'s id is a 404 and changes nothing', async () => {
    await panelOf();
    const user = await createTestUser();
    const claim = await submitted(user, 9_900);
    for (const [path, body] of [
      ['/payment/getfranchisebanktransfers', {}],
      ['/payment/approvebanktransfer', { transfer_id: claim.transfer_id }],
      ['/payment/rejectbanktransfer', { transfer_id: claim.transfer_id, reason: 'Not yours' }],
    ] as const) {
      const answer = await api.call('POST', path, { token: user.token, body });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toMatchObject({ status: false, error: { code: 'FORBIDDEN' } });
    }
    const foreignPanel = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
    expect((await approve(foreignPanel, claim.transfer_id)).status).toBe(404);
    expect((await reject(foreignPanel, claim.transfer_id, 'Not yours')).status).toBe(404);
    expect((await api.call('POST', '/payment/getbanktransfers', { token: user.token, body: {} })).body).toMatchObject({ data: { items: [{ state: 'pending' }] } });
    expect(await getWalletBalance(ownerOf(user))).toMatchObject({ balancePaise: 0 });
  });
});
