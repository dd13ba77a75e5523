import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_HAS_OPEN_POSITIONS_MESSAGE } from '../../shared/contracts/bridge';
import { forgetAllWebhooks } from '../../web/src/features/custombridge/just-shown-webhooks';
import { bridgeFixture, BRIDGE_ID, OTHER_BRIDGE_ID, serveBridgeApi, WEBHOOK_KEY } from './custombridge-fixtures';
import { errorBody, jsonResponse } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';

/** The page is a lazily loaded route; its first render may take a while on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };
const WEBHOOK_URL = `http://localhost:3000/api/v4/users/bridge/webhook/${WEBHOOK_KEY}`;
const IDLE = bridgeFixture({ bridge_id: OTHER_BRIDGE_ID, bridge_name: 'Bank swing', is_connected: false, trading_enabled: false, overall_pnl: 0, today_pnl: 0, today_signal_count: 0, open_positions_count: 0, up_trigger_count: 0 });

const figuresOf = (card: HTMLElement) =>
  Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

async function toastSaying(text: string): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Messages' })).findByText(text);
}

describe('custom bridge list (/bridge/custombridge)', () => {
  let writeText: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  afterEach(() => {
    resetWebTestState();
    forgetAllWebhooks();
  });

  it("shows each bridge as a card with its switches and figures, linking to its triggers", async () => {
    // Prepare
    serveBridgeApi({ bridges: [bridgeFixture(), IDLE] });
    // Act
    renderApp('/bridge/custombridge');
    // Assess
    const card = await screen.findByRole('article', { name: 'Nifty breakout' }, FIRST_RENDER);
    expect(within(card).getByRole('link', { name: 'Nifty breakout' }).getAttribute('href')).toBe(`/bridge/custombridge/${BRIDGE_ID}`);
    expect(within(card).getByRole('switch', { name: 'Connected' })).toHaveProperty('checked', true);
    expect(within(card).getByRole('switch', { name: 'Trading' })).toHaveProperty('checked', true);
    expect(figuresOf(card)).toEqual({
      'Overall P&L': '₹1,520.50',
      "Today's P&L": '-₹250.00',
      "Today's signals": '3',
      'Open positions': '1',
      'Up triggers': '3',
      'Down triggers': '0',
    });
    const idle = screen.getByRole('article', { name: 'Bank swing' });
    expect(within(idle).getByRole('switch', { name: 'Connected' })).toHaveProperty('checked', false);
  });

  it('connects a bridge from its card with the connection call', async () => {
    // Prepare
    const { requests } = serveBridgeApi({ bridges: [IDLE] });
    renderApp('/bridge/custombridge');
    const card = await screen.findByRole('article', { name: 'Bank swing' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(card).getByRole('switch', { name: 'Connected' }));
    // Assess
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Connected' })).toHaveProperty('checked', true));
    expect(await bodiesTo(requests, '/users/bridge/userbridgeconnection')).toEqual([{ bridge_id: OTHER_BRIDGE_ID }]);
  });

  it('adds a bridge and shows its webhook URL once, copied with the spec toast', async () => {
    // Prepare
    const { requests } = serveBridgeApi({ bridges: [bridgeFixture()] });
    renderApp('/bridge/custombridge');
    await screen.findByRole('article', { name: 'Nifty breakout' }, FIRST_RENDER);
    const form = screen.getByRole('form', { name: 'Add bridge' });
    // Act
    fireEvent.change(within(form).getByLabelText('New bridge name'), { target: { value: '  Midcap momentum ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add bridge' }));
    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Bridge Midcap momentum added' });
    expect(within(dialog).getByLabelText('Webhook URL').textContent).toBe(WEBHOOK_URL);
    expect(within(dialog).getByText('Shown once')).toBeTruthy();
    expect(await bodiesTo(requests, '/users/bridge/adduserbridge')).toEqual([{ bridge_name: 'Midcap momentum' }]);
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Webhook URL' }));
    // Assess
    expect(await toastSaying('Copied successfully!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(WEBHOOK_URL);
    // Act: closing it leaves the URL nowhere on the list
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    // Assess
    expect(await screen.findByRole('article', { name: 'Midcap momentum' })).toBeTruthy();
    expect(screen.queryByText(WEBHOOK_URL)).toBeNull();
  });

  it('refuses an empty bridge name before sending anything', async () => {
    // Prepare
    const { requests } = serveBridgeApi();
    renderApp('/bridge/custombridge');
    await screen.findByRole('article', { name: 'Nifty breakout' }, FIRST_RENDER);
    const form = screen.getByRole('form', { name: 'Add bridge' });
    // Act
    fireEvent.change(within(form).getByLabelText('New bridge name'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add bridge' }));
    // Assess
    expect(await within(form).findByText('Bridge name is required.')).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith('/adduserbridge'))).toBe(false);
  });

  it('resets a key after confirming and shows the new URL once', async () => {
    // Prepare
    const { requests } = serveBridgeApi();
    renderApp('/bridge/custombridge');
    const card = await screen.findByRole('article', { name: 'Nifty breakout' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Reset key of Nifty breakout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the key of Nifty breakout?' });
    expect(requests.some((request) => request.url.endsWith('/resetbridgekey'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset key' }));
    // Assess
    const shown = await screen.findByRole('dialog', { name: 'New webhook URL for Nifty breakout' });
    expect(within(shown).getByLabelText('Webhook URL').textContent).toBe(WEBHOOK_URL);
    expect(await bodiesTo(requests, '/users/bridge/resetbridgekey')).toEqual([{ bridge_id: BRIDGE_ID }]);
  });

  it("keeps a bridge the server refuses to remove and shows the server's reason", async () => {
    // Prepare
    serveBridgeApi({}, { 'POST /api/v4/users/bridge/removeuserbridge': () => jsonResponse(errorBody(BRIDGE_HAS_OPEN_POSITIONS_MESSAGE, 'BUSINESS_RULE'), 422) });
    renderApp('/bridge/custombridge');
    const card = await screen.findByRole('article', { name: 'Nifty breakout' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Remove Nifty breakout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Nifty breakout?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove bridge' }));
    // Assess
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', BRIDGE_HAS_OPEN_POSITIONS_MESSAGE);
    expect(screen.getByRole('article', { name: 'Nifty breakout' })).toBeTruthy();
  });

  it('renames a bridge through its dialog', async () => {
    // Prepare
    const { requests } = serveBridgeApi();
    renderApp('/bridge/custombridge');
    const card = await screen.findByRole('article', { name: 'Nifty breakout' }, FIRST_RENDER);
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Rename Nifty breakout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Nifty breakout' });
    fireEvent.change(within(dialog).getByLabelText('Bridge name'), { target: { value: 'Nifty weekly' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    // Assess
    expect(await screen.findByRole('article', { name: 'Nifty weekly' })).toBeTruthy();
    expect(await bodiesTo(requests, '/users/bridge/updatebridgename')).toEqual([{ bridge_id: BRIDGE_ID, bridge_name: 'Nifty weekly' }]);
  });

  it('refreshes with the spec toasts, success and failure', async () => {
    // Prepare
    let fails = false;
    serveBridgeApi({}, { 'GET /api/v4/users/bridge/getuserbridge': () => (fails ? jsonResponse(errorBody('Down', 'INTERNAL'), 500) : jsonResponse({ status: true, data: [bridgeFixture()], result: 'OK' })) });
    renderApp('/bridge/custombridge');
    await screen.findByRole('article', { name: 'Nifty breakout' }, FIRST_RENDER);
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // Assess
    expect(await toastSaying('Data refreshed successfully!')).toBeTruthy();
    // Act
    fails = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // Assess
    expect(await toastSaying('Error refreshing data. Please try again.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Nifty breakout' })).toBeTruthy();
  });

  it('shows the same bridges as a table when the view is switched', async () => {
    // Prepare
    serveBridgeApi({ bridges: [bridgeFixture(), IDLE] });
    renderApp('/bridge/custombridge');
    await screen.findByRole('article', { name: 'Nifty breakout' }, FIRST_RENDER);
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    // Assess
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Bridge', 'Connected', 'Trading', 'Overall P&L', "Today's P&L", "Today's signals", 'Open positions', 'Up triggers', 'Down triggers', 'Actions',
    ]);
    expect(within(table).getByRole('row', { name: 'Bank swing' })).toBeTruthy();
  });
});
