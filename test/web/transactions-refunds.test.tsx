import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { franchisePaymentSchema, type FranchisePayment } from '../../shared/contracts/franchise-money';
import { paymentRefundContracts, refundSchema, type RefundView } from '../../shared/contracts/payment-refunds';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { ulid } from './wallet-fixtures';

const NOW = new Date('2026-11-21T08:35:09Z');
const A = '/api/v4';
const BROKER_PANEL = profileFixture({ user_id: 2, is_brokerpanel: true });
const PAYMENT_ID = ulid('PAY1');

const paid = (overrides: Partial<FranchisePayment> = {}): FranchisePayment =>
  franchisePaymentSchema.parse({
    id: PAYMENT_ID,
    method: 'PHONEPE',
    user: { user_id: 7, name: 'Asha Rao', email: 'asha@example.com' },
    amount: 500,
    amount_paise: 50_000,
    status: 'completed',
    status_text: 'Payment confirmed',
    reference: 'TB-PAY1',
    reason: null,
    created_at: '2026-11-21T08:00:00.000Z',
    settled_at: '2026-11-21T08:01:00.000Z',
    refunded_paise: 0,
    ...overrides,
  });

const refundOf = (overrides: Partial<RefundView> = {}): RefundView =>
  refundSchema.parse({
    refund_id: `${PAYMENT_ID}-1`,
    payment_id: PAYMENT_ID,
    merchant_refund_id: `R-${PAYMENT_ID}-1`,
    merchant_order_id: 'TB-PAY1',
    user_id: 7,
    amount: 200,
    amount_paise: 20_000,
    state: 'pending',
    state_text: 'Refund in progress',
    reason: 'Client asked',
    failure_reason: null,
    requested_by: 2,
    created_at: '2026-11-21T08:30:00.000Z',
    updated_at: '2026-11-21T08:30:00.000Z',
    completed_at: null,
    ...overrides,
  });

function signIn(options: { rows: FranchisePayment[]; refunds?: RefundView[]; refundable?: number; refundAnswer?: () => Response }) {
  const refundBodies: unknown[] = [];
  let refunds = options.refunds ?? [];
  saveSession(validToken({ user_id: BROKER_PANEL.user_id, frch_id: 3 }), BROKER_PANEL);
  stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(BROKER_PANEL)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`POST ${A}/payment/getfranchisepayments`]: () =>
      jsonResponse(successBody({ items: options.rows, total: options.rows.length, range: { from_date: '2026-10-22', to_date: '2026-11-21' }, totals: { count: 0, amount_paise: 0, credited_paise: 0, by_status: [] } })),
    [`POST ${A}/payment/getpaymentrefunds`]: () => {
      const refundable = options.refundable ?? 50_000 - refunds.reduce((sum, refund) => sum + refund.amount_paise, 0);
      return jsonResponse(successBody({ refunds, refundable_paise: refundable, refundable_amount: refundable / 100 }));
    },
    [`POST ${A}/payment/refundpayment`]: async (request) => {
      const body = paymentRefundContracts.refundPayment.request.parse(await request.json());
      refundBodies.push(body);
      if (options.refundAnswer) return options.refundAnswer();
      const made = refundOf({ amount: body.amount, amount_paise: Math.round(body.amount * 100), reason: body.reason });
      refunds = [...refunds, made];
      return jsonResponse(successBody(made));
    },
  });
  return { refundBodies };
}

async function openRefund() {
  renderApp('/transaction?view=payments');
  const table = await screen.findByRole('table', { name: /Payments of the franchise/ });
  fireEvent.click(within(table).getByRole('button', { name: 'Refund for payment TB-PAY1' }));
  return screen.findByRole('dialog', { name: 'Refund the PhonePe payment' });
}

describe('transaction page: refunding a PhonePe payment', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('offers Refund only on credited PhonePe payments', async () => {
    signIn({ rows: [paid(), paid({ id: ulid('PAY2'), reference: 'TB-PAY2', status: 'pending', status_text: 'Payment pending' }), paid({ id: ulid('TRF1'), method: 'BANK', reference: 'UTR0001' })] });
    renderApp('/transaction?view=payments');
    const table = await screen.findByRole('table', { name: /Payments of the franchise/ });
    expect(within(table).getAllByRole('button', { name: /^Refund/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Refund for payment TB-PAY1']);
  });

  it('checks the amount against what is left, sends amount and reason, and says what happened', async () => {
    const { refundBodies } = signIn({ rows: [paid()] });
    const dialog = await openRefund();
    expect(await within(dialog).findByTestId('refundable')).toHaveProperty('textContent', 'Can still be refunded: ₹500.00.');
    fireEvent.change(within(dialog).getByLabelText('Amount to refund (₹)'), { target: { value: '500.01' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (the user reads it)'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The largest amount is ₹500.00.')).toBeTruthy();
    expect(within(dialog).getByText('Say why (at least 3 characters).')).toBeTruthy();
    expect(refundBodies).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Amount to refund (₹)'), { target: { value: '200' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (the user reads it)'), { target: { value: 'Client asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundBodies).toEqual([{ payment_id: PAYMENT_ID, amount: 200, reason: 'Client asked' }]));
    expect(await screen.findByText('₹200.00: Refund in progress.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund the PhonePe payment' })).toBeNull());
  });

  it("shows the server's refusal (the wallet no longer covers it) and keeps the dialog open", async () => {
    signIn({
      rows: [paid()],
      refundAnswer: () => jsonResponse(errorBody("The user's wallet no longer holds this much credit (it was spent), so it cannot be refunded.", 'BUSINESS_RULE'), 422),
    });
    const dialog = await openRefund();
    await within(dialog).findByTestId('refundable');
    fireEvent.change(within(dialog).getByLabelText('Amount to refund (₹)'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (the user reads it)'), { target: { value: 'Client asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('no longer holds this much credit');
  });

  it('lists the refunds so far and offers no new one while one is in progress', async () => {
    signIn({ rows: [paid({ refunded_paise: 20_000 })], refunds: [refundOf()] });
    const dialog = await openRefund();
    const list = await within(dialog).findByRole('list', { name: 'Refunds of this payment' });
    expect(list.textContent).toContain('₹200.00 · Refund in progress · Client asked');
    expect(within(dialog).getByText('A refund is in progress; wait until PhonePe settles it.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Amount to refund (₹)')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
