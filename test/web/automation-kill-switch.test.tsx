import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutomationStatus } from '../../shared/contracts/automation';
import type { PnlSeries } from '../../shared/contracts/dashboard';
import type { Dashboard } from '../../shared/contracts/user';
import { saveSession } from '../../web/src/lib/auth-storage';
import { BRIDGE_ID, jsonBridgeFixture } from './jsonbridge-fixtures';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

/** The chart library draws on a canvas jsdom does not have. */
vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  BaselineSeries: 'Baseline',
  ColorType: { Solid: 'solid' },
  createChart: () => ({ addSeries: () => ({ setData: () => undefined }), timeScale: () => ({ fitContent: () => undefined }), remove: () => undefined }),
}));

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
const SERIES: PnlSeries = { trading_day: '2026-03-02', step_minutes: 1, fills: 0, scripts: 0, points: [] };

const RUNNING: AutomationStatus = { stopped: false, stopped_at: null, stopped_by: null, franchise_stopped: false, franchise_stopped_at: null, switches: [] };
const BRIDGE = BRIDGE_ID;
const ORDER_GROUP = '01JF00000000000000000G0001';
const SWITCHES_OFF: AutomationStatus['switches'] = [
  { kind: 'json_bridge', id: BRIDGE, name: 'Nifty signals', is_on: false },
  { kind: 'order_group', id: ORDER_GROUP, name: 'Signal orders', is_on: false },
];
const STOPPED: AutomationStatus = { ...RUNNING, stopped: true, stopped_at: '2026-03-02T06:35:00.000Z', stopped_by: 'Asha Rao', switches: SWITCHES_OFF };

/** The app on the dashboard, with an automation status that the stop and resume calls change as the server would. */
function showDashboard(initial: AutomationStatus, roles: { is_brokerpanel?: boolean } = {}) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  let status = initial;
  const stub = stubFetch({
    'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(profileFixture(roles))),
    'GET /api/v4/users/dashboard': () => jsonResponse(successBody(ZEROS)),
    'POST /api/v4/users/getdashboardpnl': () => jsonResponse(successBody(SERIES)),
    'POST /api/v4/users/getusernotifications': () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    'GET /api/v4/users/getautomationstatus': () => jsonResponse(successBody(status)),
    'POST /api/v4/users/stopautomation': async (request) => {
      const body = (await request.clone().json()) as { square_off: boolean };
      status = STOPPED;
      return jsonResponse(successBody({ ...status, square_off: body.square_off ? { orders_placed: 2, failures: [] } : null }));
    },
    'POST /api/v4/users/resumeautomation': () => {
      status = { ...STOPPED, stopped: false, stopped_at: null, stopped_by: null };
      return jsonResponse(successBody(status));
    },
    'POST /api/v4/users/jsonbridge/updatejsonbridgetradingflag': () => {
      status = { ...status, switches: status.switches.map((each) => (each.id === BRIDGE ? { ...each, is_on: true } : each)) };
      return jsonResponse(successBody(jsonBridgeFixture({ json_bridge_id: BRIDGE, json_bridge_name: 'Nifty signals', og_place_order: true })));
    },
    'POST /api/v4/users/stopfranchiseautomation': () => {
      status = { ...status, franchise_stopped: true, franchise_stopped_at: '2026-03-02T06:40:00.000Z' };
      return jsonResponse(successBody({ franchise_stopped: true, franchise_stopped_at: '2026-03-02T06:40:00.000Z', users: 12 }));
    },
  });
  const bodiesOf = (path: string) => Promise.all(stub.requests.filter((request) => request.url.endsWith(path)).map((request) => request.clone().json()));
  return { bodiesOf };
}

const topBar = () => screen.getByRole('banner');
const card = async () => (await screen.findByRole('heading', { name: 'Automation' })).closest('.automation-card') as HTMLElement;

describe('Stop all automation', () => {
  afterEach(resetWebTestState);

  it('asks first in the top bar, sends the square-off choice, then shows the red stopped state with Resume', async () => {
    const { bodiesOf } = showDashboard(RUNNING);
    renderApp('/dashboard');
    fireEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Stop all automation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop all automation?' });
    expect(within(dialog).getByText(/Orders you place by hand still go through/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also square off all open positions' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop all automation' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodiesOf('/stopautomation')).toEqual([{ square_off: true }]);
    expect(await screen.findByText(/All automation stopped; 2 switches are off\. 2 square-off orders placed\./)).toBeTruthy();
    expect(await within(topBar()).findByText('Automation stopped')).toBeTruthy();
    expect(within(topBar()).getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('keeps running when the dialog is dismissed', async () => {
    const { bodiesOf } = showDashboard(RUNNING);
    renderApp('/dashboard');
    fireEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Stop all automation' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it running' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodiesOf('/stopautomation')).toEqual([]);
  });

  it('shows the stop on the dashboard card with the switches it turned off, locked until resumed, then turns one back on', { timeout: 15_000 }, async () => {
    const { bodiesOf } = showDashboard(STOPPED);
    renderApp('/dashboard');
    const stopped = await card();
    expect(await within(stopped).findByText(/^Automation is stopped since .+ by Asha Rao\./)).toBeTruthy();
    const bridgeSwitch = within(stopped).getByRole('switch', { name: 'Json Bridge: Nifty signals' });
    expect(bridgeSwitch).toHaveProperty('checked', false);
    expect(bridgeSwitch).toHaveProperty('disabled', true);
    expect(within(stopped).getByText('Resume first, then turn each one back on.')).toBeTruthy();

    fireEvent.click(within(stopped).getByRole('button', { name: 'Resume automation' }));
    await waitFor(() => expect(within(stopped).getByRole('switch', { name: 'Json Bridge: Nifty signals' })).toHaveProperty('disabled', false));
    expect(within(stopped).getByText(/Automation is running/)).toBeTruthy();

    fireEvent.click(within(stopped).getByRole('switch', { name: 'Json Bridge: Nifty signals' }));
    await waitFor(() => expect(within(stopped).getByRole('switch', { name: 'Json Bridge: Nifty signals' })).toHaveProperty('checked', true));
    expect(await bodiesOf('/updatejsonbridgetradingflag')).toEqual([{ json_bridge_id: BRIDGE, og_place_order: true }]);
    expect(within(stopped).getByRole('switch', { name: 'Order group: Signal orders' })).toHaveProperty('checked', false);
  });

  it('offers the franchise-wide switch to a broker panel only', async () => {
    showDashboard(RUNNING, { is_brokerpanel: true });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Stop automation for every user' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Stop automation for every user?' })).getByRole('button', { name: 'Stop for every user' }));
    expect(await screen.findByText(/Automation stopped for every user of your broker panel \(12 users\)\./)).toBeTruthy();
    expect(await within(topBar()).findByText('Automation stopped by your broker panel')).toBeTruthy();
    resetWebTestState();

    showDashboard(RUNNING);
    renderApp('/dashboard');
    await card();
    expect(screen.queryByRole('button', { name: 'Stop automation for every user' })).toBeNull();
  });
});
