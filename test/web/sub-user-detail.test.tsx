import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribedStrategySchema } from '../../shared/contracts/strategy-subscriptions';
import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import type { Activity } from '../../shared/contracts/user';
import { BROKER_PANEL, LINK_PARENT, RAVI, SUB, serveSubUserApi } from './subusers-fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { orderFixture } from './trading-fixtures';
import { ledgerEntryFixture } from './wallet-fixtures';

/** 2026-11-21 14:05:09 in Asia/Kolkata. */
const NOW = new Date('2026-11-21T08:35:09Z');
const page = (items: unknown[]) => () => jsonResponse(successBody({ items, next_cursor: null }));
const LOGIN: Activity = { id: 'a1', action: 'Logged in', operation: 'auth.userlogin', ip: '203.0.113.7', user_agent: 'Mozilla/5.0', create_time: '2026-11-21T08:30:00.000Z' };
const STRATEGY = subscribedStrategySchema.parse({
  subscription_id: '01JDZ000000000000000STRAT1',
  group_strategy_id: '01JDZ000000000000000GRP001',
  strategy_name: 'Nifty momentum',
  plan_id: '01JDZ000000000000000PLAN01',
  plan_label: 'Monthly',
  status: 'Active',
  broker_id: '01JDZ00000000000000000ANG1',
  broker: 'angelone',
  account_name: 'Angel One SmartAPI (A123456)',
  multiplier: 2,
  since: '2026-11-01T00:00:00.000Z',
  until: '2026-12-01T00:00:00.000Z',
  ended_at: null,
  end_reason: null,
  auto_renew: true,
  price_credits: 1_499.5,
  source: 'subscriber',
});
const ENDED = subscribedStrategySchema.parse({
  ...STRATEGY,
  subscription_id: '01JDZ000000000000000STRAT0',
  strategy_name: 'Bank Nifty swing',
  status: 'Expired',
  broker_id: '01JDZ00000000000000000PAP1',
  broker: 'paper',
  account_name: 'Paper Trading (000PAP1)',
  multiplier: 0.5,
  since: '2026-09-01T00:00:00.000Z',
  until: '2026-10-01T00:00:00.000Z',
  ended_at: '2026-09-15T06:00:00.000Z',
  end_reason: 'unsubscribed',
  auto_renew: false,
  price_credits: 0,
  source: 'owner',
});

/** The five tabs' answers; `strategies` and the credit/debit answer as the test needs them. */
function openRavi(profile = LINK_PARENT, options: { strategies?: unknown[] } = {}) {
  const served = serveSubUserApi(profile, [RAVI], {
    [`POST ${SUB}/getsubscribedstrategies`]: () => jsonResponse(successBody({ items: options.strategies ?? [] })),
    [`POST ${SUB}/getledger`]: page([ledgerEntryFixture({ reason: 'subuser_transfer', description: 'Credit from Asha Rao', reference: { parent_user_id: '7' } })]),
    [`POST ${SUB}/getorderhistory`]: page([orderFixture()]),
    [`POST ${SUB}/getreferrals`]: () =>
      jsonResponse(successBody({ items: [{ user_id: 31, name: 'Kiran Das', email: 'kiran@example.com', joined_at: '2026-11-02T05:00:00.000Z', earned_paise: 12_500 }], earnings_balance_paise: 1_23_45_600 })),
    [`POST ${SUB}/getsubuseractivities`]: page([LOGIN]),
    [`POST ${SUB}/creditdebitsubuser`]: () => jsonResponse(successBody({ sub_user_balance_paise: 12_365_650, parent_balance_paise: 480_000, replayed: false })),
  });
  renderApp('/user/12');
  return served;
}

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

// The first test also loads the page's chunk: slow on a busy machine.
describe('/user/{sub_user_id}', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('shows the user with its balance and permissions, and the five tabs from their answers', async () => {
    const { sent } = openRavi();
    expect(await screen.findByRole('heading', { level: 3, name: 'Ravi Kumar (#12)' })).toBeTruthy();
    expect(screen.getByText('₹1,23,456.50')).toBeTruthy();
    expect(screen.getByText('ravi@example.com')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((one) => one.textContent)).toEqual(['Strategy', 'Wallet', 'Orders', 'Referrals', 'Activity Logs']);

    expect(await screen.findByText('No strategy subscriptions yet. They show here once this user follows a strategy.')).toBeTruthy();
    tab('Wallet');
    const ledger = await screen.findByRole('table', { name: /Wallet ledger/ });
    expect(within(ledger).getByText('Transfer with a sub-user')).toBeTruthy();
    expect(sent.getledger?.[0]).toEqual({ sub_user_id: 12, from_date: '2026-10-22', to_date: '2026-11-21', limit: 50 });
    tab('Orders');
    const orders = await screen.findByRole('table', { name: 'Orders, times in Asia/Kolkata' });
    expect(within(orders).getAllByRole('row')).toHaveLength(2);
    expect(sent.getorderhistory?.[0]).toMatchObject({ sub_user_id: 12 });
    tab('Referrals');
    expect(await screen.findByText('₹1,23,456.00')).toBeTruthy();
    const referred = screen.getByRole('table', { name: 'Referred users and what each earned' });
    expect(within(referred).getByText('Kiran Das (#31)')).toBeTruthy();
    expect(within(referred).getByText('₹125.00')).toBeTruthy();
    tab('Activity Logs');
    const activity = await screen.findByRole('table', { name: /Activity log/ });
    expect(within(activity).getByText('Logged in')).toBeTruthy();
    expect(sent.getsubuseractivities?.[0]).toMatchObject({ sub_user_id: 12 });
  });

  it('lists strategy subscriptions with plan, status, account, multiplier, dates, auto-renew and price', async () => {
    openRavi(LINK_PARENT, { strategies: [STRATEGY, ENDED] });
    const table = await screen.findByRole('table', { name: 'Strategy subscriptions, newest first' });
    const [, running, ended] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) => within(row as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(running)).toEqual(['Nifty momentum', 'Monthly', 'Active', 'Angel One SmartAPI (A123456)', '2×', '01-11-2026', 'Until 01-12-2026', 'Yes', '₹1,499.50']);
    expect(cells(ended)).toEqual(['Bank Nifty swing', 'Monthly', 'Expired', 'Paper Trading (000PAP1)', '0.5×', '01-09-2026', 'Ended 15-09-2026', 'No', 'Added by the owner, not charged']);
  });

  it('credits in paise, once for a double click, and shows both balances', async () => {
    const { sent } = openRavi();
    fireEvent.click(await screen.findByRole('button', { name: 'Credit / Debit' }));
    const form = screen.getByRole('form', { name: 'Credit or debit' });
    expect(within(form).queryByText('Grant without a wallet (franchise)')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Amount (₹)'), { target: { value: '200.50' } });
    const submit = within(form).getByRole('button', { name: 'Credit' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(/The sub-user's balance is now ₹1,23,656.50\. Your balance is now ₹4,800.00\./)).toBeTruthy();
    const bodies = (sent.creditdebitsubuser ?? []).map((body) => subUserViewContracts.creditDebitSubUser.request.parse(body));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(bodies[0]).toMatchObject({ sub_user_id: 12, type: 'credit', amount_paise: 20_050, source: 'parent_wallet' });
    expect(bodies[0]?.reason).toBeUndefined();

    // A new opening of the dialog is a new transfer: a new key.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Credit / Debit' }));
    const again = screen.getByRole('form', { name: 'Credit or debit' });
    fireEvent.change(within(again).getByLabelText('Amount (₹)'), { target: { value: '1' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(sent.creditdebitsubuser).toHaveLength(2));
    const second = subUserViewContracts.creditDebitSubUser.request.parse(sent.creditdebitsubuser?.[1]);
    expect(second.amount_paise).toBe(100);
    expect(second.idempotency_key).not.toBe(bodies[0]?.idempotency_key);
  });

  it('asks the broker panel why before a franchise grant, and sends the reason', async () => {
    const { sent } = openRavi(BROKER_PANEL);
    fireEvent.click(await screen.findByRole('button', { name: 'Credit / Debit' }));
    const form = screen.getByRole('form', { name: 'Credit or debit' });
    fireEvent.click(within(form).getByLabelText('Grant without a wallet (franchise)'));
    fireEvent.change(within(form).getByLabelText('Amount (₹)'), { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Credit' }));
    expect(await within(form).findByText('Say why the credit is granted or withdrawn.')).toBeTruthy();
    expect(sent.creditdebitsubuser).toBeUndefined();

    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Welcome credit' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(sent.creditdebitsubuser).toHaveLength(1));
    expect(sent.creditdebitsubuser?.[0]).toMatchObject({ sub_user_id: 12, type: 'credit', amount_paise: 50_000, source: 'franchise', reason: 'Welcome credit' });
  });
});
