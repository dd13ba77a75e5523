import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cashoutSchema, referralContracts, type CashoutView } from '../../shared/contracts/referrals';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

/** The chart library draws on a canvas jsdom does not have. */
vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  BaselineSeries: 'Baseline',
  ColorType: { Solid: 'solid' },
  createChart: () => ({ addSeries: () => ({ setData: () => undefined }), timeScale: () => ({ fitContent: () => undefined }), remove: () => undefined }),
}));

const A = '/api/v4';
const LINK = 'http://localhost:3000/platform/register?referral_code=ASHA2345';
const DATA = referralContracts.referralData.response.parse({
  referral_code: 'ASHA2345',
  referral_link: LINK,
  percent: 12.5,
  totals: { earned_paise: 1_25_050, cashed_out_paise: 25_000, pending_cashout_paise: 10_000, balance_paise: 90_050, referred_count: 2, active_count: 1 },
});
const REFERRED = [
  { user_id: 21, name: 'Ravi Kumar', email: 'ravi@example.com', joined_at: '2026-10-01T05:00:00.000Z', earned_paise: 1_25_050 },
  { user_id: 22, name: 'Meena Shah', email: 'meena@example.com', joined_at: '2026-10-02T05:00:00.000Z', earned_paise: 0 },
];
const ACTIVE = [{ ...REFERRED[0], active_because: 'recent_payment', last_payment_at: '2026-11-20T08:30:00.000Z', subscription_expires_at: null }];
const EARNINGS = [
  { payment_id: '01JDZ00000000000000000PAY2', source: 'bank_transfer', referred_user_id: 21, referred_user_name: 'Ravi Kumar', payment_amount_paise: 10_00_000, percent: 12.5, earned_paise: 1_25_000, created_at: '2026-11-20T08:30:00.000Z' },
  { payment_id: '01JDZ00000000000000000PAY1', source: 'phonepe', referred_user_id: 21, referred_user_name: 'Ravi Kumar', payment_amount_paise: 400, percent: 12.5, earned_paise: 50, created_at: '2026-11-01T08:30:00.000Z' },
];
const cashout = (overrides: Partial<CashoutView>): CashoutView =>
  cashoutSchema.parse({
    cashout_id: 'cashout-1',
    user_id: 7,
    user_name: 'Asha Rao',
    choice: 'withdraw',
    amount_paise: 10_000,
    status: 'pending',
    status_text: 'Waiting for the broker',
    bank_account: { holder_name: 'Asha Rao', account_number: 'XXXXXXXX9012', ifsc: 'SBIN0001234' },
    reason: null,
    created_at: '2026-11-21T06:00:00.000Z',
    updated_at: '2026-11-21T06:00:00.000Z',
    ...overrides,
  });

function openReferral(options: { brokerPanel?: boolean; cashoutAnswer?: () => Response } = {}) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  const sent: { path: string; body: unknown }[] = [];
  const record = (path: string, answer: unknown) => async (request: Request) => {
    sent.push({ path, body: await request.json() });
    return jsonResponse(successBody(answer));
  };
  const { requests } = stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profileFixture({ is_brokerpanel: options.brokerPanel ?? false }))),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/users/referrals/referraldata`]: () => jsonResponse(successBody(DATA)),
    [`GET ${A}/users/referrals/getallreferrals`]: () => jsonResponse(successBody({ items: REFERRED })),
    [`GET ${A}/users/referrals/getactivereferrals`]: () => jsonResponse(successBody({ items: ACTIVE })),
    [`GET ${A}/users/referrals/getreferralearnings`]: () => jsonResponse(successBody({ items: EARNINGS, next_cursor: null })),
    [`GET ${A}/users/referrals/getcashoutreferrals`]: (request) => {
      const franchise = new URL(request.url).searchParams.get('scope') === 'franchise';
      const items = franchise ? [cashout({ cashout_id: 'cashout-9', user_id: 44, user_name: 'Kiran Das' })] : [cashout({ status: 'rejected', status_text: 'Rejected', reason: 'Bank account closed' })];
      return jsonResponse(successBody({ items, next_cursor: null }));
    },
    [`POST ${A}/users/referrals/referralcashout`]: options.cashoutAnswer ?? record('cashout', { cashout: cashout({ choice: 'credit', status: 'completed', status_text: 'Completed', bank_account: null, amount_paise: 50_000 }), earnings_balance_paise: 40_050, wallet_balance_paise: 50_000, replayed: false }),
    [`POST ${A}/users/referrals/updatecashoutreferrals`]: record('update', cashout({ cashout_id: 'cashout-9', user_id: 44, status: 'initiate', status_text: 'Payout initiated' })),
  });
  renderApp('/referral');
  return { sent, requests };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('/referral', () => {
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('shows the code and link with copy buttons, the totals, the referred users and why they are active, and the earnings', async () => {
    openReferral();
    expect(await screen.findByLabelText('Referral link')).toHaveProperty('textContent', LINK);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Referral code' }));
    expect(await within(await screen.findByRole('region', { name: 'Messages' })).findByText('Copied successfully!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('ASHA2345');
    fireEvent.click(screen.getByRole('button', { name: 'Copy Referral link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    expect(screen.getByText(/you earn 12.5% of every payment/)).toBeTruthy();
    expect(screen.getByLabelText('Available to cash out').textContent).toBe('₹900.50');
    expect(screen.getByLabelText('Earned in all').textContent).toBe('₹1,250.50');
    expect(screen.getByLabelText('People referred').textContent).toBe('2');

    const all = await screen.findByRole('table', { name: 'People you referred' });
    expect(rowsOf(all).map((row) => [row[0], row[3]])).toEqual([['Ravi Kumar', '₹1,250.50'], ['Meena Shah', '₹0.00']]);
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    const active = await screen.findByRole('table', { name: 'Active referrals' });
    expect(rowsOf(active)).toEqual([['Ravi Kumar', 'ravi@example.com', expect.any(String), '₹1,250.50', expect.stringMatching(/^Paid on /)]]);

    const earnings = await screen.findByRole('table', { name: /Earnings per payment/ });
    expect(rowsOf(earnings).map((row) => row.slice(1))).toEqual([
      ['Ravi Kumar', 'Bank transfer', '₹10,000.00', '12.5%', '₹1,250.00'],
      ['Ravi Kumar', 'PhonePe', '₹4.00', '12.5%', '₹0.50'],
    ]);
    const history = await screen.findByRole('table', { name: /Your cash-outs/ });
    expect(rowsOf(history)[0]?.slice(1)).toEqual(['₹100.00', 'Asha Rao, XXXXXXXX9012, SBIN0001234', 'Rejected: Bank account closed']);
    expect(screen.queryByRole('region', { name: 'Cash-out requests' })).toBeNull();
  });

  it('cashes out to the wallet within the balance, and checks bank details before a withdrawal', async () => {
    const { sent } = openReferral();
    fireEvent.click(await screen.findByRole('button', { name: 'Cash out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cash out referral earnings' });
    fireEvent.change(within(dialog).getByLabelText('Amount (₹)'), { target: { value: '900.51' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cash out' }));
    expect(await within(dialog).findByText('The amount is more than your referral earnings.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Where to'), { target: { value: 'withdraw' } });
    fireEvent.change(within(dialog).getByLabelText('Amount (₹)'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('Account holder name'), { target: { value: 'Asha Rao' } });
    fireEvent.change(within(dialog).getByLabelText('Account number'), { target: { value: '12345' } });
    fireEvent.change(within(dialog).getByLabelText('IFSC'), { target: { value: 'SBIN1234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cash out' }));
    expect(await within(dialog).findByText('The account number has 9 to 18 digits.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid IFSC (for example HDFC0001234).')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Where to'), { target: { value: 'credit' } });
    fireEvent.change(within(dialog).getByLabelText('Amount (₹)'), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cash out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ path: 'cashout', body: { choice: 'credit', amount_paise: 50_000, idempotency_key: expect.stringMatching(/^cashout-[0-9a-f]{32}$/) } }]);
    expect(await within(await screen.findByRole('region', { name: 'Messages' })).findByText('₹500.00 added to your wallet.')).toBeTruthy();
  });

  it("says the server's refusal in the dialog", async () => {
    openReferral({ cashoutAnswer: () => jsonResponse(errorBody('The amount is more than your referral earnings.', 'BUSINESS_RULE'), 422) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cash out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cash out referral earnings' });
    fireEvent.change(within(dialog).getByLabelText('Amount (₹)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cash out' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The amount is more than your referral earnings.');
  });

  it('lets the broker panel initiate and reject (with a reason) the cash-out requests of its franchise', async () => {
    const { sent, requests } = openReferral({ brokerPanel: true });
    const section = await screen.findByRole('region', { name: 'Cash-out requests' });
    const table = await within(section).findByRole('table', { name: /Cash-outs of your users/ });
    expect(rowsOf(table)[0]?.[0]).toBe('Kiran Das');
    expect(requests.some((request) => request.url.includes('scope=franchise') && request.url.includes('status=pending'))).toBe(true);
    fireEvent.click(within(table).getByRole('button', { name: 'Initiate' }));
    await waitFor(() => expect(sent).toEqual([{ path: 'update', body: { cashout_id: 'cashout-9', user_id: 44, status: 'initiate' } }]));

    fireEvent.click(within(table).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject cash-out' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the cash-out is rejected.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Account closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ path: 'update', body: { cashout_id: 'cashout-9', user_id: 44, status: 'rejected', reason: 'Account closed' } }));
  });

  it('a referral link fills the code in on the register screen', async () => {
    stubFetch({
      [`GET ${A}/users/getwhitelabelimages`]: () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null })),
      [`POST ${A}/auth/getreferralname`]: () => jsonResponse(successBody({ referral_name: 'Asha R.' })),
    });
    renderApp('/register?referral_code=ASHA2345');
    expect(await screen.findByLabelText('Referral code (optional)')).toHaveProperty('value', 'ASHA2345');
    expect(await screen.findByText('Referred by Asha R.')).toBeTruthy();
  });
});
