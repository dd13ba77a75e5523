import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankTransferContracts, type BankTransferView } from '../../shared/contracts/bank-transfers';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';
import { bankTransferFixture, ulid } from './wallet-fixtures';

const NOW = new Date('2026-11-21T08:35:09Z');
const A = '/api/v4';
const BROKER_PANEL = profileFixture({ user_id: 2, is_brokerpanel: true });
const ORDINARY = profileFixture({ is_brokerpanel: false, is_white_label: false, can_add_subuser: false, is_ip_enable: false });

const FIRST = bankTransferFixture();
const SECOND = bankTransferFixture({ transfer_id: ulid('TRF2'), user_id: 8, utr: 'SBIN0000000000000002', amount: 200, amount_paise: 20_000, created_at: '2026-11-21T05:00:00.000Z' });

function signInAs(profile: UserProfile, transfers: BankTransferView[] = [FIRST, SECOND]) {
  const lists: unknown[] = [];
  const decisions: { path: string; body: unknown }[] = [];
  saveSession(validToken({ user_id: profile.user_id, frch_id: 3 }), profile);
  const decide = (contract: typeof bankTransferContracts.approveBankTransfer | typeof bankTransferContracts.rejectBankTransfer, state: 'approved' | 'rejected') => async (request: Request) => {
    const body = contract.request.parse(await request.json());
    decisions.push({ path: new URL(request.url).pathname, body });
    const transfer = transfers.find((one) => one.transfer_id === body.transfer_id);
    return transfer ? jsonResponse(successBody({ ...transfer, state, state_text: state })) : jsonResponse(errorBody('Not found', 'NOT_FOUND'), 404);
  };
  stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profile)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`POST ${A}/payment/getfranchisebanktransfers`]: async (request) => {
      lists.push(bankTransferContracts.getFranchiseBankTransfers.request.parse(await request.json()));
      return jsonResponse(successBody({ items: transfers, next_cursor: null }));
    },
    [`POST ${A}/payment/getpaymentalerts`]: () =>
      jsonResponse(
        successBody({
          items: [{ id: 'al-1', kind: 'amount-mismatch', message: 'PhonePe reported ₹400.00 for a ₹500.00 payment: nothing credited.', merchant_order_id: 'TB3-7-X', payment_id: null, user_id: 7, source_ip: null, create_time: '2026-11-21T07:00:00.000Z' }],
          next_cursor: null,
        }),
      ),
    [`POST ${A}/payment/approvebanktransfer`]: decide(bankTransferContracts.approveBankTransfer, 'approved'),
    [`POST ${A}/payment/rejectbanktransfer`]: decide(bankTransferContracts.rejectBankTransfer, 'rejected'),
  });
  return { lists, decisions };
}

describe('transaction page (broker panel)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetWebTestState();
  });

  it('lists pending claims of the last 30 days with their total, and the PhonePe alerts', async () => {
    const { lists } = signInAs(BROKER_PANEL);
    renderApp('/transaction');
    expect(await screen.findByRole('table', { name: /Bank transfer claims/ })).toBeTruthy();
    expect(lists[0]).toEqual({ state: 'pending', from_date: '2026-10-22', to_date: '2026-11-21', limit: 50 });
    expect(screen.getByTestId('transfers-total').textContent).toBe('2 claims listed, total ₹1,450.50');
    expect(await screen.findByText('PhonePe reported ₹400.00 for a ₹500.00 payment: nothing credited.')).toBeTruthy();
  });

  it('filters by state and dates', async () => {
    const { lists } = signInAs(BROKER_PANEL);
    renderApp('/transaction');
    await screen.findByRole('table', { name: /Bank transfer claims/ });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01-11-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(lists).toHaveLength(2));
    expect(lists[1]).toEqual({ from_date: '2026-11-01', to_date: '2026-11-21', limit: 50 });
  });

  it('approves a claim after confirming', async () => {
    const { decisions } = signInAs(BROKER_PANEL);
    renderApp('/transaction');
    const row = await screen.findByRole('row', { name: /UTR HDFCN52026112100001/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the bank transfer' });
    expect(within(dialog).getByText(/Credit ₹1,250.50 \(UTR HDFCN52026112100001\) to user 7/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decisions).toEqual([{ path: `${A}/payment/approvebanktransfer`, body: { transfer_id: FIRST.transfer_id } }]);
  });

  it('rejects a claim only with a reason', async () => {
    const { decisions } = signInAs(BROKER_PANEL);
    renderApp('/transaction');
    const row = await screen.findByRole('row', { name: /UTR SBIN0000000000000002/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the bank transfer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Tell the user why (at least 3 characters).')).toBeTruthy();
    expect(decisions).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  No such credit in our account ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decisions).toEqual([{ path: `${A}/payment/rejectbanktransfer`, body: { transfer_id: SECOND.transfer_id, reason: 'No such credit in our account' } }]);
  });

  it('sends an ordinary user to the dashboard and shows no Transaction link', async () => {
    const { lists } = signInAs(ORDINARY);
    renderApp('/transaction');
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/dashboard'));
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByRole('link', { name: 'Wallet' })).toBeTruthy();
    expect(within(sidebar).queryByRole('link', { name: 'Transaction' })).toBeNull();
    expect(lists).toEqual([]);
  });
});
