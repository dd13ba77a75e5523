import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  franchiseLedgerEntrySchema,
  franchiseMoneyContracts,
  franchisePaymentSchema,
  type FranchiseLedgerEntry,
  type FranchisePayment,
} from '../../shared/contracts/franchise-money';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { ulid } from './wallet-fixtures';

const NOW = new Date('2026-11-21T08:35:09Z');
const A = '/api/v4';
const BROKER_PANEL = profileFixture({ user_id: 2, is_brokerpanel: true });

const ASHA = { user_id: 7, name: 'Asha Rao', email: 'asha@example.com' };
const RAVI = { user_id: 8, name: 'Ravi Kumar', email: 'ravi@example.com' };

const PHONEPE_PAID: FranchisePayment = franchisePaymentSchema.parse({
  id: ulid('PAY1'),
  method: 'PHONEPE',
  user: ASHA,
  amount: 1250.5,
  amount_paise: 125_050,
  status: 'completed',
  status_text: 'Payment confirmed',
  reference: 'TB-PAY1',
  reason: null,
  created_at: '2026-11-21T08:00:00.000Z',
  settled_at: '2026-11-21T08:01:00.000Z',
  refunded_paise: 0,
});
const BANK_PENDING: FranchisePayment = franchisePaymentSchema.parse({
  id: ulid('TRF1'),
  method: 'BANK',
  user: RAVI,
  amount: 12_34_567,
  amount_paise: 12_34_567_00,
  status: 'pending',
  status_text: 'Waiting for approval',
  reference: 'HDFCN52026112100001',
  reason: null,
  created_at: '2026-11-20T05:00:00.000Z',
  settled_at: null,
  refunded_paise: 0,
});
const DEBIT: FranchiseLedgerEntry = franchiseLedgerEntrySchema.parse({
  id: ulid('LED1'),
  user: ASHA,
  type: 'debit',
  amount: 249.5,
  amount_paise: 24_950,
  balance_after: 1001,
  balance_after_paise: 100_100,
  reason: 'broker_subscription',
  reason_text: 'Broker plan',
  reference: { plan_id: 'monthly' },
  description: 'Broker plan',
  create_time: '2026-11-21T08:10:00.000Z',
});

const PAYMENT_TOTALS = {
  count: 2,
  amount_paise: 125_050 + 12_34_567_00,
  credited_paise: 125_050,
  by_status: [
    { status: 'pending', count: 1, amount_paise: 12_34_567_00 },
    { status: 'completed', count: 1, amount_paise: 125_050 },
    { status: 'failed', count: 0, amount_paise: 0 },
    { status: 'rejected', count: 0, amount_paise: 0 },
    { status: 'expired', count: 0, amount_paise: 0 },
    { status: 'review', count: 0, amount_paise: 0 },
  ],
};

function signIn(options: { payments?: FranchisePayment[]; total?: number; ledger?: FranchiseLedgerEntry[] } = {}) {
  const paymentBodies: unknown[] = [];
  const ledgerBodies: unknown[] = [];
  const payments = options.payments ?? [PHONEPE_PAID, BANK_PENDING];
  const ledger = options.ledger ?? [DEBIT];
  saveSession(validToken({ user_id: BROKER_PANEL.user_id, frch_id: 3 }), BROKER_PANEL);
  stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(BROKER_PANEL)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`POST ${A}/payment/getfranchisepayments`]: async (request) => {
      const body = franchiseMoneyContracts.getFranchisePayments.request.parse(await request.json());
      paymentBodies.push(body);
      const items = payments.slice(body.offset, body.offset + body.limit);
      const total = options.total ?? payments.length;
      return jsonResponse(successBody({ items, total, range: { from_date: body.from_date, to_date: body.to_date }, totals: payments.length ? PAYMENT_TOTALS : { count: 0, amount_paise: 0, credited_paise: 0, by_status: [] } }));
    },
    [`POST ${A}/payment/getfranchiseledger`]: async (request) => {
      const body = franchiseMoneyContracts.getFranchiseLedger.request.parse(await request.json());
      ledgerBodies.push(body);
      const totals = { count: ledger.length, credited_paise: 0, debited_paise: ledger.length ? 24_950 : 0, net_paise: ledger.length ? -24_950 : 0 };
      return jsonResponse(successBody({ items: ledger, total: ledger.length, range: { from_date: body.from_date, to_date: body.to_date }, totals }));
    },
  });
  return { paymentBodies, ledgerBodies };
}

function captureDownloads() {
  const downloads: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob instanceof Blob ? blob : null;
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) downloads.push({ name: this.download, blob: lastBlob });
  });
  return downloads;
}

describe('transaction page: every payment and wallet movement of the franchise', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('opens the Payments tab: last 30 days, totals over the range, both methods in one table', async () => {
    const { paymentBodies, ledgerBodies } = signIn();
    renderApp('/transaction');
    fireEvent.click(await screen.findByRole('tab', { name: 'Payments' }));
    const table = await screen.findByRole('table', { name: /Payments of the franchise/ });
    expect(paymentBodies).toEqual([{ from_date: '2026-10-22', to_date: '2026-11-21', offset: 0, limit: 50 }]);
    expect(ledgerBodies).toEqual([]);
    const totals = screen.getByTestId('payments-totals').textContent;
    expect(totals).toContain('2 payments, total ₹12,35,817.50; credited to wallets ₹1,250.50');
    expect(totals).toContain('Pending: 1 (₹12,34,567.00) · Credited: 1 (₹1,250.50)');
    const bankRow = within(table).getByRole('row', { name: /Bank transfer HDFCN52026112100001/ });
    expect(within(bankRow).getByText('Ravi Kumar (ravi@example.com)')).toBeTruthy();
    expect(within(bankRow).getByText('Waiting for approval')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /PhonePe TB-PAY1 ₹1,250.50 Payment confirmed/ })).toBeTruthy();
  });

  it('sends the chosen method, status, user and dates; refuses a bad user and a range over 93 days before asking', async () => {
    const { paymentBodies } = signIn();
    renderApp('/transaction?view=payments');
    const form = await screen.findByRole('form', { name: 'Payment filters' });
    await screen.findByRole('table', { name: /Payments of the franchise/ });
    fireEvent.change(within(form).getByLabelText('Method'), { target: { value: 'BANK' } });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'rejected' } });
    fireEvent.change(within(form).getByLabelText('User'), { target: { value: 'not a user' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(await within(form).findByText('Enter a user id (a number) or an email address.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('User'), { target: { value: ' 7 ' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '01-08-2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(await within(form).findByText('Choose a range of at most 93 days.')).toBeTruthy();
    expect(paymentBodies).toHaveLength(1);
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '01-11-2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(paymentBodies).toHaveLength(2));
    expect(paymentBodies[1]).toEqual({ from_date: '2026-11-01', to_date: '2026-11-21', user_id: 7, method: 'BANK', status: 'rejected', offset: 0, limit: 50 });
    fireEvent.change(within(form).getByLabelText('User'), { target: { value: 'asha@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(paymentBodies).toHaveLength(3));
    expect(paymentBodies[2]).toMatchObject({ user_email: 'asha@example.com' });
  });

  it('pages through a long list by offset', async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ ...PHONEPE_PAID, id: ulid(`P${index}`), reference: `TB-P${index}` }));
    const { paymentBodies } = signIn({ payments: many });
    renderApp('/transaction?view=payments');
    await screen.findByRole('table', { name: /Payments of the franchise/ });
    expect(screen.getByText('Showing 1–50 of 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(paymentBodies.at(-1)).toMatchObject({ offset: 50, limit: 50 }));
    expect(await screen.findByText('Showing 51–60 of 60')).toBeTruthy();
  });

  it('exports every payment of the filters as CSV stamped with the Asia/Kolkata time', async () => {
    const downloads = captureDownloads();
    const { paymentBodies } = signIn();
    renderApp('/transaction?view=payments');
    await screen.findByRole('table', { name: /Payments of the franchise/ });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(paymentBodies.at(-1)).toEqual({ from_date: '2026-10-22', to_date: '2026-11-21', offset: 0, limit: 100 });
    expect(downloads[0]?.name).toBe('franchise-payments_2026-11-21_14-05-09.csv');
    expect(await downloads[0]?.blob.text()).toBe(
      [
        'Date-time,User id,Name,Email,Method,Amount (₹),Status,Reference,Credited / decided,Refunded (₹),Reason',
        '2026-11-21 13:30:00,7,Asha Rao,asha@example.com,PhonePe,1250.50,Payment confirmed,TB-PAY1,2026-11-21 13:31:00,0.00,',
        '2026-11-20 10:30:00,8,Ravi Kumar,ravi@example.com,Bank transfer,1234567.00,Waiting for approval,HDFCN52026112100001,,0.00,',
        '',
      ].join('\r\n'),
    );
  });

  it('says so when nothing matches', async () => {
    signIn({ payments: [], ledger: [] });
    renderApp('/transaction?view=payments');
    expect(await screen.findByText('No payments for these filters.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Wallet movements' }));
    expect(await screen.findByText('No wallet movements for these filters.')).toBeTruthy();
  });

  it('lists wallet movements with totals, filters them, and exports them', async () => {
    const downloads = captureDownloads();
    const { ledgerBodies, paymentBodies } = signIn();
    renderApp('/transaction?view=wallet');
    const table = await screen.findByRole('table', { name: /Wallet movements of the franchise/ });
    expect(paymentBodies).toEqual([]);
    expect(ledgerBodies).toEqual([{ from_date: '2026-10-22', to_date: '2026-11-21', offset: 0, limit: 50 }]);
    expect(screen.getByTestId('ledger-totals').textContent).toBe('1 movement: credited ₹0.00, debited ₹249.50, net −₹249.50');
    expect(within(table).getByRole('row', { name: /Asha Rao \(asha@example.com\) debit ₹249.50 Broker plan/ })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Wallet movement filters' });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'debit' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'broker_subscription' } });
    fireEvent.change(within(form).getByLabelText('User'), { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(ledgerBodies).toHaveLength(2));
    expect(ledgerBodies[1]).toEqual({ from_date: '2026-10-22', to_date: '2026-11-21', user_id: 7, type: 'debit', reason: 'broker_subscription', offset: 0, limit: 50 });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('wallet-movements_2026-11-21_14-05-09.csv');
    expect(await downloads[0]?.blob.text()).toBe(
      [
        'Date-time,User id,User,Type,Amount (₹),Balance after (₹),Reason,Reference,Description',
        '2026-11-21 13:40:00,7,Asha Rao (asha@example.com),Debit,249.50,1001.00,Broker plan,plan id: monthly,Broker plan',
        '',
      ].join('\r\n'),
    );
  });
});
