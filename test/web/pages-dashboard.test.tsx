import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PnlSeries } from '../../shared/contracts/dashboard';
import type { Dashboard } from '../../shared/contracts/user';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

/** The chart library draws on a canvas jsdom does not have: a stand-in records what the line was given. */
const drawn = vi.hoisted(() => ({ lines: [] as { time: number; value: number }[][] }));
vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  BaselineSeries: 'Baseline',
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: () => ({ setData: (data: { time: number; value: number }[]) => drawn.lines.push(data) }),
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));

const PROFILE = 'GET /api/v4/users/getuserprofile';
const DASHBOARD = 'GET /api/v4/users/dashboard';
const PNL_SERIES = 'POST /api/v4/users/getdashboardpnl';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';

const NO_PNL: Dashboard['pnl'] = { realised_pnl: 0, unrealised_pnl: 0, total_pnl: 0, margin_used: 0, margin_available: 0, accounts: [], accounts_not_read: [] };
const ZEROS: Dashboard = {
  broker_accounts: { available: 0, connected: 0, expired: 0, deleted: 0 },
  orders_today: { pending: 0, completed: 0, cancelled: 0, rejected: 0, failed: 0 },
  open_positions: 0,
  open_positions_detail: { broker_positions: 0, order_manager_only: 0, order_manager_in_broker: 0 },
  pnl: NO_PNL,
  current_credit: 0,
  unread_notifications: 0,
};

const FIRST = '01JDZ0000000000000000PAP01';
const SECOND = '01JDZ0000000000000000PAP02';
const KITE = '01JDZ0000000000000000KITE1';
const account = (brokerId: string, name: string, figures: Partial<Dashboard['pnl']['accounts'][number]>) => ({
  broker_id: brokerId,
  broker: 'paper' as const,
  broker_combined_name: name,
  realised_pnl: 0,
  unrealised_pnl: 0,
  total_pnl: 0,
  margin_used: 0,
  margin_available: 0,
  open_positions: 0,
  read_at: '2026-03-02T06:00:00.000Z',
  ...figures,
});

const BUSY_DAY: Dashboard = {
  broker_accounts: { available: 1, connected: 3, expired: 0, deleted: 4 },
  orders_today: { pending: 1, completed: 12, cancelled: 2, rejected: 1, failed: 0 },
  open_positions: 4,
  open_positions_detail: { broker_positions: 3, order_manager_only: 1, order_manager_in_broker: 2 },
  pnl: {
    realised_pnl: 1_500,
    unrealised_pnl: -265.5,
    total_pnl: 1_234.5,
    margin_used: 2_45_000,
    margin_available: 17_55_000,
    accounts: [
      account(FIRST, 'Paper Trading (PAP01)', { realised_pnl: 1_500, unrealised_pnl: 500, total_pnl: 2_000, margin_used: 1_45_000, margin_available: 8_55_000, open_positions: 1 }),
      account(SECOND, 'Paper Trading (PAP02)', { unrealised_pnl: -765.5, total_pnl: -765.5, margin_used: 1_00_000, margin_available: 9_00_000, open_positions: 2 }),
    ],
    accounts_not_read: [{ broker_id: KITE, broker: 'zerodha', broker_combined_name: 'Zerodha Kite (ZX1234)', reason: 'The broker session has ended. Log in to the broker again to see this account.' }],
  },
  current_credit: 1_250.5,
  unread_notifications: 4,
};

const SERIES: PnlSeries = {
  trading_day: '2026-03-02',
  step_minutes: 1,
  fills: 5,
  scripts: 3,
  points: [
    { at: '2026-03-02T03:45:00.000Z', realised_pnl: 0, total_pnl: 0 },
    { at: '2026-03-02T03:46:00.000Z', realised_pnl: 0, total_pnl: -410.25 },
    { at: '2026-03-02T03:47:00.000Z', realised_pnl: 1_500, total_pnl: 2_100 },
    { at: '2026-03-02T03:47:31.000Z', realised_pnl: 1_500, total_pnl: 1_234.5 },
  ],
};

function showDashboard(figures: Dashboard, series: PnlSeries = SERIES) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  return stubFetch({
    [PROFILE]: () => jsonResponse(successBody(profileFixture())),
    [DASHBOARD]: () => jsonResponse(successBody(figures)),
    [PNL_SERIES]: () => jsonResponse(successBody(series)),
    [NOTIFICATIONS]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: figures.unread_notifications })),
  });
}

const region = (name: string) => screen.findByRole('region', { name });
const figureOf = (card: HTMLElement) => within(card).getByTestId('figure').textContent;
const hrefOf = (scope: HTMLElement, name: string) => within(scope).getByRole('link', { name }).getAttribute('href');

describe('dashboard page', () => {
  afterEach(() => {
    resetWebTestState();
    drawn.lines.length = 0;
  });

  it("leads with today's P&L over all accounts, each account's share linking to its page, and says which accounts were not read", async () => {
    showDashboard(BUSY_DAY);
    renderApp('/dashboard');
    const pnl = await region("Today's P&L");
    expect(within(pnl).getByTestId('pnl-total').textContent).toBe('₹1,234.50');
    expect(within(pnl).getByTestId('pnl-total').querySelector('.pnl--profit')).not.toBeNull();
    const totals = within(pnl).getAllByRole('term').map((term) => term.textContent);
    expect(totals.slice(0, 4)).toEqual(['Realised', 'Unrealised', 'Margin used', 'Margin available']);
    expect(within(pnl).getByText('₹2,45,000.00')).toBeTruthy();
    expect(within(pnl).getByText('₹17,55,000.00')).toBeTruthy();
    expect(hrefOf(pnl, 'Positions by account')).toBe('/demat');

    const second = within(pnl).getByRole('listitem', { name: 'Paper Trading (PAP02)' });
    expect(within(second).getByTestId('account-total').textContent).toBe('-₹765.50');
    expect(within(second).getByTestId('account-total').querySelector('.pnl--loss')).not.toBeNull();
    expect(hrefOf(second, 'Paper Trading (PAP02)')).toBe(`/demat/${SECOND}`);
    const kite = within(pnl).getByRole('listitem', { name: 'Zerodha Kite (ZX1234)' });
    expect(within(kite).getByText(/Not in the totals: The broker session has ended/)).toBeTruthy();
    expect(hrefOf(kite, 'Zerodha Kite (ZX1234)')).toBe(`/demat/${KITE}`);
  });

  it('shows open positions with where they are held, orders by status, and the credit once, each linking to its source', async () => {
    showDashboard(BUSY_DAY);
    renderApp('/dashboard');
    const open = await region('Open positions');
    expect(figureOf(open)).toBe('4');
    expect(within(open).getByText('3 positions at your brokers, 2 of them opened by the order manager, 1 more open only in the order manager. 1 account could not be read.')).toBeTruthy();
    expect(hrefOf(open, 'Positions by account')).toBe('/demat');
    expect(hrefOf(open, 'Order manager')).toBe('/ordermanager');
    const orders = await region("Today's orders");
    expect(figureOf(orders)).toBe('16');
    expect(within(orders).getByRole('img').getAttribute('aria-label')).toBe("Today's orders by status: Pending 1, Completed 12, Cancelled 2, Rejected 1, Failed 0");
    expect(hrefOf(orders, 'Order history')).toBe('/orderhistory');
    expect(figureOf(await region('Credit'))).toBe('₹1.3K');
    expect(within(screen.getByRole('main')).getAllByText('₹1.3K')).toHaveLength(1);
    expect(screen.queryByText('Signed in as')).toBeNull();
    expect(screen.queryByText(/Broker panel|White label|Static IP/)).toBeNull();
  });

  it("draws today's P&L line in market time, with its summary, and reads one account's line when chosen", async () => {
    const { requests } = showDashboard(BUSY_DAY);
    renderApp('/dashboard');
    const line = await region("Today's P&L through the day");
    await waitFor(() => expect(drawn.lines.at(-1)).toHaveLength(4));
    const istOf = (iso: string) => Date.parse(iso) / 1000 + 19_800;
    expect(drawn.lines.at(-1)?.[0]).toEqual({ time: istOf('2026-03-02T03:45:00.000Z'), value: 0 });
    expect(drawn.lines.at(-1)?.[3]).toEqual({ time: istOf('2026-03-02T03:47:31.000Z'), value: 1_234.5 });
    expect(within(line).getByTestId('pnl-line-summary').textContent).toBe('Now ₹1,234.50 at 09:17; best ₹2,100.00 at 09:17, worst -₹410.25 at 09:16.');
    expect(hrefOf(line, "Today's orders")).toBe('/orderhistory');

    fireEvent.change(within(line).getByLabelText('Account'), { target: { value: SECOND } });
    await waitFor(async () => {
      const bodies = await Promise.all(requests.filter((request) => request.url.endsWith('/getdashboardpnl')).map((request) => request.clone().json()));
      expect(bodies).toContainEqual({ broker_id: SECOND });
    });
  });

  it('shows zeros as zeros, each with a short honest line, and no line before the first fill', async () => {
    showDashboard(ZEROS, { ...SERIES, fills: 0, scripts: 0, points: [{ at: '2026-03-02T03:00:00.000Z', realised_pnl: 0, total_pnl: 0 }] });
    renderApp('/dashboard');
    const pnl = await region("Today's P&L");
    expect(within(pnl).getByTestId('pnl-total').textContent).toBe('₹0.00');
    expect(within(pnl).getByText('Connect a broker account to see your P&L here.')).toBeTruthy();
    expect(figureOf(await region('Open positions'))).toBe('0');
    expect(screen.getByText('No open positions.')).toBeTruthy();
    expect(figureOf(await region('Broker accounts'))).toBe('0');
    expect(screen.getByText('No broker accounts connected yet.')).toBeTruthy();
    expect(screen.getByText('No orders placed today.')).toBeTruthy();
    expect(await screen.findByText('No fills today yet: the line starts with your first filled order.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
    expect(drawn.lines).toEqual([]);
  });
});
