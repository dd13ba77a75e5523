import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../shared/contracts/user';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const PROFILE = 'GET /api/v4/users/getuserprofile';
const DASHBOARD = 'GET /api/v4/users/dashboard';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';

const ZEROS: Dashboard = {
  broker_accounts: { available: 0, connected: 0, expired: 0, deleted: 0 },
  orders_today: { pending: 0, completed: 0, cancelled: 0, rejected: 0, failed: 0 },
  open_positions: 0,
  current_credit: 0,
  unread_notifications: 0,
};

const BUSY_DAY: Dashboard = {
  broker_accounts: { available: 1, connected: 2, expired: 1, deleted: 4 },
  orders_today: { pending: 1, completed: 12, cancelled: 2, rejected: 1, failed: 0 },
  open_positions: 3,
  current_credit: 1_250.5,
  unread_notifications: 4,
};

function showDashboard(figures: Dashboard) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  stubFetch({
    [PROFILE]: () => jsonResponse(successBody(profileFixture())),
    [DASHBOARD]: () => jsonResponse(successBody(figures)),
    [NOTIFICATIONS]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: figures.unread_notifications })),
  });
  renderApp('/dashboard');
}

async function card(title: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name: title });
}

const figureOf = (region: HTMLElement) => within(region).getByTestId('figure').textContent;

describe('dashboard page', () => {
  afterEach(resetWebTestState);

  it('shows zeros as zeros, each with a short honest line', async () => {
    // Act
    showDashboard(ZEROS);
    // Assess
    const accounts = await card('Broker accounts');
    expect(figureOf(accounts)).toBe('0');
    expect(within(accounts).getByText('No broker accounts connected yet.')).toBeTruthy();
    expect(figureOf(await card("Today's orders"))).toBe('0');
    expect(screen.getByText('No orders placed today.')).toBeTruthy();
    expect(figureOf(await card('Open positions'))).toBe('0');
    expect(screen.getByText('No open positions.')).toBeTruthy();
    expect(figureOf(await card('Credit'))).toBe('₹0.00');
    expect(figureOf(await card('Unread notifications'))).toBe('0');
    expect(screen.getByText('You are all caught up.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /by status/ })).toBeNull();
  });

  it('shows the real figures, with charts of accounts and orders by status', async () => {
    // Act
    showDashboard(BUSY_DAY);
    // Assess
    const accounts = await card('Broker accounts');
    expect(figureOf(accounts)).toBe('2');
    expect(within(accounts).getByText('2 accounts ready to trade.')).toBeTruthy();
    expect(within(accounts).getByRole('img').getAttribute('aria-label')).toBe(
      'Broker accounts by status: Connected 2, Expired 1, Not connected 1',
    );
    const orders = await card("Today's orders");
    expect(figureOf(orders)).toBe('16');
    expect(within(orders).getByRole('img').getAttribute('aria-label')).toBe(
      "Today's orders by status: Pending 1, Completed 12, Cancelled 2, Rejected 1, Failed 0",
    );
    expect(figureOf(await card('Open positions'))).toBe('3');
    expect(figureOf(await card('Credit'))).toBe('₹1.3K');
    expect(figureOf(await card('Unread notifications'))).toBe('4');
    expect(within(await card('Unread notifications')).getByRole('link', { name: 'See notifications' }).getAttribute('href')).toBe('/notification');
  });

  it('keeps the profile card', async () => {
    // Act
    showDashboard(ZEROS);
    // Assess
    expect(await screen.findByText('Signed in as')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('trader@example.com')).toBeTruthy();
  });
});
