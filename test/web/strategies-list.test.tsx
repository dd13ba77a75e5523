import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANGEL_ID } from './demat-fixtures';
import { GROUP_ID } from './groups-fixtures';
import { NOW, SUBSCRIPTION_ID, renderStrategies, sentBodies, serveStrategies, strategyFixture, subscriptionFixture } from './strategies-fixtures';
import { resetWebTestState } from './support/render-app';

const card = (name: string) => screen.findByRole('article', { name });
const facts = (section: HTMLElement) =>
  Object.fromEntries(within(section).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

// The first test of a file also loads the screen's modules: slow on a busy machine.
describe('Strategies: the list and a running subscription', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('shows each strategy with its owner, visibility, description and plans, says why no returns are shown, and offers Subscribe per plan', async () => {
    // Prepare
    serveStrategies([strategyFixture(), strategyFixture({ group_strategy_id: '01JE0000000000000000GRP002', strategy_name: 'Bank Nifty swing', visibility: 'PRIVATE', description: '', plans: [] })]);
    // Act
    renderStrategies();
    // Assess
    const nifty = await card('Nifty momentum');
    expect(within(nifty).getByText('PUBLIC')).toBeTruthy();
    expect(within(nifty).getByText('Run by Franchise Desk')).toBeTruthy();
    expect(within(nifty).getByText('Intraday Nifty options.')).toBeTruthy();
    const plans = within(nifty).getByRole('table', { name: 'Plans of Nifty momentum' });
    const rows = within(plans).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Monthly', '30 days', '₹999.00', '—', 'Subscribe'],
      ['Quarterly', '90 days', '₹1,23,456.50', 'Needs ₹2 lakh of margin', 'Subscribe'],
    ]);
    expect(within(plans).getByRole('button', { name: 'Subscribe to Quarterly' })).toBeTruthy();
    const bank = await card('Bank Nifty swing');
    expect(within(bank).getByText('PRIVATE')).toBeTruthy();
    expect(within(bank).getByText('No plan is on offer right now.')).toBeTruthy();
    expect(screen.getByText(/Past returns are not shown here: SEBI rules do not allow advertising the past returns of an algo/)).toBeTruthy();
  });

  it('says plainly when no strategy is offered', async () => {
    serveStrategies([]);
    renderStrategies();
    expect(await screen.findByText('No strategy is offered to you yet. When a strategy is opened to you, it will show here with its plans.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows the running subscription with its account by broker and client id, and no plan to buy meanwhile', async () => {
    serveStrategies([strategyFixture({ subscription: subscriptionFixture() })]);
    renderStrategies();
    const nifty = await card('Nifty momentum');
    const own = within(nifty).getByRole('region', { name: 'Your subscription to Nifty momentum' });
    expect(within(own).getByText('Active')).toBeTruthy();
    await waitFor(() => expect(facts(own).Account).toBe('Paper Trading (000PAP1)'));
    expect(facts(own)).toEqual({ Plan: 'Monthly', Account: 'Paper Trading (000PAP1)', Multiplier: '2×', Since: '01-03-2026', Until: '31-03-2026', 'Auto-renew': 'Off' });
    expect(within(nifty).queryByRole('button', { name: /^Subscribe to/ })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Change' })).toBeTruthy();
  });

  it('offers the plans again after an Expired subscription, saying when and why it ended', async () => {
    const expired = subscriptionFixture({ status: 'Expired', ended_at: '2026-03-03T06:00:00.000Z', end_reason: 'unsubscribed' });
    serveStrategies([strategyFixture({ subscription: expired })]);
    renderStrategies();
    const nifty = await card('Nifty momentum');
    const own = within(nifty).getByRole('region', { name: 'Your subscription to Nifty momentum' });
    expect(within(own).getByText('Expired')).toBeTruthy();
    expect(facts(own).Ended).toBe('03-03-2026, you chose Not Subscribe');
    expect(within(own).queryByRole('button', { name: 'Change' })).toBeNull();
    expect(within(nifty).getByRole('button', { name: 'Subscribe to Monthly' })).toBeTruthy();
  });

  it('changes only what the user changed: another account and multiplier, auto-renew untouched', async () => {
    // Prepare
    const { requests } = serveStrategies([strategyFixture({ subscription: subscriptionFixture() })]);
    renderStrategies();
    const nifty = await card('Nifty momentum');
    fireEvent.click(within(nifty).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Nifty momentum' });
    // Act: saving unchanged fields is refused in the browser
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Change the account, the multiplier or auto-renew first.');
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: ANGEL_ID } });
    fireEvent.change(within(dialog).getByLabelText('Multiplier'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sentBodies(requests, 'updatestrategysubscription')).toEqual([{ group_id: GROUP_ID, subscription_id: SUBSCRIPTION_ID, broker_id: ANGEL_ID, multiplier: 3 }]);
    expect(await screen.findByText('Your subscription to Nifty momentum is changed.')).toBeTruthy();
    const own = within(nifty).getByRole('region', { name: 'Your subscription to Nifty momentum' });
    await waitFor(() => expect(facts(own).Account).toBe('Angel One SmartAPI (A123456)'));
    expect(facts(own).Multiplier).toBe('3×');
  });

  it('Not Subscribe asks first, sends subscribed false, and the plans can be bought again', async () => {
    // Prepare
    const { requests } = serveStrategies([strategyFixture({ subscription: subscriptionFixture() })]);
    renderStrategies();
    const nifty = await card('Nifty momentum');
    fireEvent.click(within(nifty).getByRole('button', { name: 'Not Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not Subscribe Nifty momentum?' });
    expect(within(dialog).getByText(/stops copying Nifty momentum at once\. The period paid until 31-03-2026 is not refunded\./)).toBeTruthy();
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not Subscribe' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sentBodies(requests, 'updatestrategysubscription')).toEqual([{ group_id: GROUP_ID, subscription_id: SUBSCRIPTION_ID, subscribed: false }]);
    expect(await within(nifty).findByText('Expired')).toBeTruthy();
    expect(within(nifty).getByRole('button', { name: 'Subscribe to Monthly' })).toBeTruthy();
  });
});
