import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { ANGEL_ID, PAPER_ID } from './demat-fixtures';
import { GROUP_ID } from './groups-fixtures';
import { MONTHLY_ID, NOW, call, renderStrategies, sentBodies, serveStrategies, strategyFixture } from './strategies-fixtures';
import { jsonResponse } from './support/http';
import { resetWebTestState } from './support/render-app';

/** Opens the subscribe dialog of one plan on the Nifty momentum card. */
async function openSubscribe(planLabel: string) {
  const nifty = await screen.findByRole('article', { name: 'Nifty momentum' });
  fireEvent.click(within(nifty).getByRole('button', { name: `Subscribe to ${planLabel}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Nifty momentum' });
  await within(dialog).findByRole('form', { name: 'Choose how to follow' });
  return dialog;
}

const review = (dialog: HTMLElement) =>
  Object.fromEntries(within(within(dialog).getByLabelText('Review')).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

const NOT_ENOUGH_CREDIT = { status: false, msg: 'Not enough credit.', error: { message: 'Not enough credit.', code: 'BUSINESS_RULE' } };

// The first test of a file also loads the screen's modules, and each walks a dialog: slow on a busy machine.
describe('Strategies: subscribing to a plan', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('chooses a connected account, multiplier and auto-renew, reviews price and balance, pays once and shows the subscription', async () => {
    // Prepare
    const { requests } = serveStrategies([strategyFixture()]);
    renderStrategies();
    const dialog = await openSubscribe('Monthly');
    // Only connected accounts are offered; the first is chosen, the multiplier starts at 1
    const account = within(dialog).getByLabelText('Account') as HTMLSelectElement;
    expect([...account.options].map((option) => option.textContent)).toEqual(['Angel One SmartAPI (A123456)', 'Paper Trading (000PAP1)']);
    expect((within(dialog).getByLabelText('Multiplier') as HTMLInputElement).value).toBe('1');
    // Act
    fireEvent.change(account, { target: { value: PAPER_ID } });
    fireEvent.change(within(dialog).getByLabelText('Multiplier'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Renew automatically from my wallet' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    // Assess: the review
    await waitFor(() => expect(review(dialog)['Wallet balance']).toBe('₹1,250.50'));
    expect(review(dialog)).toEqual({
      Strategy: 'Nifty momentum',
      Plan: 'Monthly, 30 days',
      Account: 'Paper Trading (000PAP1)',
      Multiplier: '2×',
      'Auto-renew': 'Yes, from your wallet',
      Price: '₹999.00',
      'Wallet balance': '₹1,250.50',
    });
    expect(within(dialog).queryByText(/Add credit in the wallet/)).toBeNull();
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    // Assess: the exact contract body, a confirmation, and the card shows the subscription
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [body] = await sentBodies(requests, 'userstrategysubscription');
    expect(body).toEqual({ group_id: GROUP_ID, plan_id: MONTHLY_ID, broker_id: PAPER_ID, multiplier: 2, auto_renew: true, idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    expect(strategySubscriptionContracts.userStrategySubscription.request.safeParse(body).success).toBe(true);
    expect(await screen.findByText('You follow Nifty momentum until 31-03-2026.')).toBeTruthy();
    const own = await screen.findByRole('region', { name: 'Your subscription to Nifty momentum' });
    expect(within(own).getByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Subscribe to/ })).toBeNull();
  });

  it('refuses a multiplier out of range with the contract message, before any request', async () => {
    const { requests } = serveStrategies([strategyFixture()]);
    renderStrategies();
    const dialog = await openSubscribe('Monthly');
    fireEvent.change(within(dialog).getByLabelText('Multiplier'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText(/^The multiplier must be/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Review')).toBeNull();
    expect(await sentBodies(requests, 'userstrategysubscription')).toEqual([]);
  });

  it('warns when the wallet is short of the price, links to the wallet, and does not let the user pay', async () => {
    const { requests } = serveStrategies([strategyFixture()]);
    renderStrategies();
    const dialog = await openSubscribe('Quarterly');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const warning = await within(dialog).findByText(/Your wallet holds ₹1,250.50, less than the plan's ₹1,23,456.50\./);
    expect(within(warning.closest('.amplify-alert') as HTMLElement).getByRole('link', { name: 'Add credit in the wallet' }).getAttribute('href')).toBe('/wallet');
    expect((within(dialog).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await sentBodies(requests, 'userstrategysubscription')).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    serveStrategies([strategyFixture()], { [call('userstrategysubscription')]: () => jsonResponse(NOT_ENOUGH_CREDIT, 422) });
    renderStrategies();
    const dialog = await openSubscribe('Monthly');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(review(dialog)['Wallet balance']).toBe('₹1,250.50'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Not enough credit.');
    expect(screen.queryByRole('region', { name: 'Your subscription to Nifty momentum' })).toBeNull();
  });

  it('retries after a network error with the same idempotency key, even after going back to change the account', async () => {
    // Prepare: the first request is lost on the way
    let attempts = 0;
    const { requests } = serveStrategies([strategyFixture()], {
      [call('userstrategysubscription')]: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(NOT_ENOUGH_CREDIT, 422);
      },
    });
    renderStrategies();
    const dialog = await openSubscribe('Monthly');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(review(dialog)['Wallet balance']).toBe('₹1,250.50'));
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await within(dialog).findByRole('alert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await within(dialog).findByText('Not enough credit.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: PAPER_ID } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(attempts).toBe(3));
    // Assess
    const bodies = (await sentBodies(requests, 'userstrategysubscription')) as { idempotency_key: string; broker_id: string }[];
    expect(bodies.map((body) => body.broker_id)).toEqual([ANGEL_ID, ANGEL_ID, PAPER_ID]);
    expect(new Set(bodies.map((body) => body.idempotency_key)).size).toBe(1);
  });
});
