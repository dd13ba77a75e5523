import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BRIDGE_ID, jsonBridgeFixture, serveJsonBridgeApi } from './jsonbridge-fixtures';
import { OG_ID, omPositionFixture, OPEN_POSITION, orderGroupFixture } from './ordermanager-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, TRADING_ACCOUNT } from './trading-fixtures';

const FIRST_RENDER = { timeout: 5_000 };
const PAGE = `/bridge/jsonbridge/${BRIDGE_ID}`;

const CONNECTED = jsonBridgeFixture({
  og_id: OG_ID,
  og_is_connected: true,
  target: { target_kind: 'account', target_id: TRADING_ACCOUNT.broker_id, target_name: 'Paper Trading (000PAP1)' },
});
/** A position the monitor closed at its target. */
const EXITED_AT_TARGET = omPositionFixture({
  op_status: 'EXITED',
  entry_avg_price: 801.25,
  exit_avg_price: 801.3,
  pnl: 0.05,
  exit_leg: 'TGT',
  allowed_actions: ['delete'],
});

const cellOf = (row: HTMLElement, column: string) => row.querySelector(`[data-column="${column}"]`)?.textContent ?? '';

describe('Json Bridge page (/bridge/jsonbridge/{id})', () => {
  afterEach(resetWebTestState);

  it("shows the connected group's positions with their prices, P&L and the leg that closed each, beside the webhook's checks", async () => {
    // Prepare
    const { requests } = serveJsonBridgeApi([CONNECTED], [orderGroupFixture({ position_data: [OPEN_POSITION, EXITED_AT_TARGET] })]);
    // Act
    renderApp(PAGE);
    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'TradingView Nifty' }, FIRST_RENDER)).toBeTruthy();
    const positions = await screen.findByRole('region', { name: 'Positions of Morning scalps' });
    const [open, exited] = await waitFor(() => {
      const rows = within(positions).getAllByRole('row').filter((row) => row.dataset.status);
      expect(rows).toHaveLength(2);
      return rows as [HTMLElement, HTMLElement];
    });
    expect(open.dataset.status).toBe('OPEN');
    expect([cellOf(open, 'entry-avg'), cellOf(open, 'ltp'), cellOf(open, 'stop'), cellOf(open, 'pnl')]).toEqual(['810.00', '801.25', '815.00', '₹87.50']);
    expect(within(open).queryByTestId('exit-leg')).toBeNull();
    expect(exited.dataset.status).toBe('EXITED');
    expect(within(exited).getByTestId('exit-leg').textContent).toBe('by TGT');
    expect(within(exited).getByTestId('exit-leg').getAttribute('title')).toBe('Exited when the price reached its target.');
    expect(within(positions).getByTestId('group-total-pnl').textContent).toContain('live');
    expect(within(positions).getByRole('button', { name: 'Exit all' })).toBeTruthy();
    expect(screen.getByTestId('bridge-connection').textContent).toBe('Feeds order group Morning scalps, trading on account Paper Trading (000PAP1).');
    const security = await screen.findByRole('region', { name: 'Webhook security' });
    await within(security).findByRole('form', { name: 'Add address' });
    expect(await bodiesTo(requests, '/users/jsonbridge/getjsonbridgesecurity')).toEqual([{ json_bridge_id: BRIDGE_ID }]);
    expect(await bodiesTo(requests, '/users/jsonbridge/getjsonordermanager')).toContainEqual({ json_bridge_id: BRIDGE_ID });
  });

  it('asks to connect an unconnected bridge instead of showing positions, and still offers its webhook checks', async () => {
    // Prepare
    serveJsonBridgeApi([jsonBridgeFixture()], [orderGroupFixture()]);
    // Act
    renderApp(PAGE);
    // Assess
    expect(await screen.findByText(/Connect the bridge to an order group/, {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Positions' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(await screen.findByRole('region', { name: 'Webhook security' })).toBeTruthy();
  });

  it('goes back to the list once the bridge is deleted from its page', async () => {
    // Prepare
    serveJsonBridgeApi([CONNECTED], [orderGroupFixture()]);
    renderApp(PAGE);
    const card = await screen.findByRole('article', { name: 'TradingView Nifty' }, FIRST_RENDER);
    fireEvent.click(within(card).getByRole('button', { name: 'Delete TradingView Nifty' }));
    // Act
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete TradingView Nifty?' })).getByRole('button', { name: 'Delete bridge' }));
    // Assess
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/bridge/jsonbridge'));
  });
});
