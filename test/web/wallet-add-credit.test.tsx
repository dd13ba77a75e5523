import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankTransferContracts } from '../../shared/contracts/bank-transfers';
import { paymentContracts } from '../../shared/contracts/payments';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, stubLocationAssign, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { bankDetailsFixture, bankTransferFixture, paymentFixture, ulid } from './wallet-fixtures';

vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  BaselineSeries: 'Baseline',
  ColorType: { Solid: 'solid' },
  createChart: () => ({ addSeries: () => ({ setData: () => undefined }), timeScale: () => ({ fitContent: () => undefined }), remove: () => undefined }),
}));

const NOW = new Date('2026-11-21T08:35:09Z');
const A = '/api/v4';
const emptyPage = () => jsonResponse(successBody({ items: [], next_cursor: null }));

type Routes = Parameters<typeof stubFetch>[0];

function openWallet(path: string, extra: Routes = {}, credit = 1250.5) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  let profileReads = 0;
  const stub = stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => {
      profileReads += 1;
      return jsonResponse(successBody(profileFixture({ current_credit: credit })));
    },
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/payment/getpaymentoptions`]: () => jsonResponse(successBody({ methods: [{ payment_api: 'PHONEPE', enabled: true, min_amount: 100, max_amount: 50_000 }] })),
    [`GET ${A}/users/brokerpanelconfigs/getbankdetails`]: () => jsonResponse(successBody(bankDetailsFixture())),
    [`POST ${A}/payment/getpayments`]: emptyPage,
    [`POST ${A}/payment/getbanktransfers`]: emptyPage,
    [`POST ${A}/users/getuserledger`]: emptyPage,
    ...extra,
  });
  renderApp(path);
  return { ...stub, profileReads: () => profileReads };
}

describe('wallet: adding credit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('shows the balance with Indian grouping', async () => {
    openWallet('/wallet', {}, 1234567.5);
    expect(await screen.findByTestId('wallet-balance')).toHaveProperty('textContent', '₹12,34,567.50');
  });

  it('offers no form until both the methods and the bank account are in, so the default never switches under the user', async () => {
    // Prepare: the bank account answers at once, the methods only when released.
    let release: () => void = () => undefined;
    const methodsAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    openWallet('/wallet', {
      [`GET ${A}/payment/getpaymentoptions`]: async () => {
        await methodsAnswered;
        return jsonResponse(successBody({ methods: [{ payment_api: 'PHONEPE', enabled: true, min_amount: 100, max_amount: 50_000 }] }));
      },
    });
    // Assess: while the methods load, neither form is offered (the bank one would be replaced by PhonePe's).
    const card = await screen.findByRole('region', { name: 'Add credit' });
    await within(card).findByText('Loading payment methods…');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).queryByRole('form', { name: 'Claim a bank transfer' })).toBeNull();
    expect(within(card).queryByRole('form', { name: 'Pay with PhonePe' })).toBeNull();
    // Act
    release();
    // Assess: both offered, PhonePe first.
    expect(await within(card).findByRole('form', { name: 'Pay with PhonePe' })).toBeTruthy();
    expect(within(card).getByLabelText('Pay with')).toHaveProperty('value', 'PHONEPE');
  });

  it('starts a PhonePe payment within the limits and goes to the checkout page', async () => {
    // Prepare
    const assign = stubLocationAssign();
    const bodies: unknown[] = [];
    openWallet('/wallet', {
      [`POST ${A}/payment/makepayment`]: async (request) => {
        bodies.push(paymentContracts.makePayment.request.parse(await request.json()));
        return jsonResponse(successBody({ ...paymentFixture({ amount: 499.5, amount_paise: 49_950 }), user_id: 7, checkout_url: 'https://phonepe.test/checkout/abc', wallet_url: 'http://localhost/platform/wallet?payment=x' }));
      },
    });
    const form = await screen.findByRole('form', { name: 'Pay with PhonePe' });
    // Act: below the franchise's minimum first, then a valid amount
    fireEvent.change(within(form).getByLabelText('Amount (₹)'), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay with PhonePe' }));
    expect(await within(form).findByText('The smallest amount is ₹100.00.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Amount (₹)'), { target: { value: '499.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay with PhonePe' }));
    // Assess
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://phonepe.test/checkout/abc'));
    expect(bodies).toEqual([{ amount: 499.5, payment_api: 'PHONEPE' }]);
  });

  it('shows the franchise account and claims a bank transfer in paise', async () => {
    // Prepare
    const bodies: unknown[] = [];
    openWallet('/wallet', {
      [`POST ${A}/payment/submitbanktransfer`]: async (request) => {
        const body = bankTransferContracts.submitBankTransfer.request.parse(await request.json());
        bodies.push(body);
        return jsonResponse(successBody(bankTransferFixture({ amount_paise: body.amount_paise, amount: body.amount_paise / 100, utr: body.utr })));
      },
    });
    fireEvent.change(await screen.findByLabelText('Pay with'), { target: { value: 'BANK' } });
    const form = await screen.findByRole('form', { name: 'Claim a bank transfer' });
    expect(screen.getByText('HDFC0001234')).toBeTruthy();
    // Act: a bad UTR is refused before anything is sent
    fireEvent.change(within(form).getByLabelText('Amount (₹)'), { target: { value: '1,250.05' } });
    fireEvent.change(within(form).getByLabelText('UTR / reference number'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    expect(await within(form).findByText(/Enter the UTR \/ reference number/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('UTR / reference number'), { target: { value: 'hdfc n5 2026 1121 0001' } });
    fireEvent.change(within(form).getByLabelText('Note (optional)'), { target: { value: 'From SBI' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    // Assess
    expect(await screen.findByText(/sent for approval/)).toBeTruthy();
    expect(bodies).toEqual([{ amount_paise: 125_005, utr: 'HDFCN5202611210001', note: 'From SBI' }]);
  });

  it('lists pending payments and a rejected claim with its reason', async () => {
    openWallet('/wallet', {
      [`POST ${A}/payment/getpayments`]: () => jsonResponse(successBody({ items: [paymentFixture()], next_cursor: null })),
      [`POST ${A}/payment/getbanktransfers`]: () =>
        jsonResponse(successBody({ items: [bankTransferFixture({ state: 'rejected', state_text: 'Rejected', reject_reason: 'No such credit in our account' })], next_cursor: null })),
    });
    const table = await screen.findByRole('table', { name: /Your payments/ });
    expect(within(table).getByText('Payment pending')).toBeTruthy();
    expect(within(table).getByText('Reason: No such credit in our account')).toBeTruthy();
  });

  it('after PhonePe sends the browser back, polls the payment until it is confirmed and reads the balance again', async () => {
    // Prepare
    const id = ulid('PAY1');
    const asked: string[] = [];
    const stub = openWallet(`/wallet?payment=${id}`, {
      [`POST ${A}/payment/getpaymentstatus`]: async (request) => {
        asked.push(paymentContracts.getPaymentStatus.request.parse(await request.json()).payment_id);
        return jsonResponse(successBody(asked.length < 2 ? paymentFixture() : paymentFixture({ state: 'completed', state_text: 'Payment confirmed', credited_at: NOW.toISOString() })));
      },
    });
    // Assess
    const banner = await screen.findByRole('status', { name: 'Payment result' });
    expect(await within(banner).findByText('Payment pending of ₹500.00')).toBeTruthy();
    expect(await within(banner).findByText('Payment confirmed of ₹500.00', {}, { timeout: 5_000 })).toBeTruthy();
    expect(asked).toEqual([id, id]);
    await waitFor(() => expect(stub.profileReads()).toBeGreaterThan(1));
  });

  it('says so when the return names a payment that is not the user\'s', async () => {
    const id = ulid('PAY9');
    openWallet(`/wallet?payment=${id}`, { [`POST ${A}/payment/getpaymentstatus`]: () => jsonResponse(errorBody('Payment not found.', 'NOT_FOUND'), 404) });
    expect(await screen.findByText(/could not be read: Payment not found/)).toBeTruthy();
  });
});
