import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_ID, jsonBridgeFixture, NEW_BRIDGE_ID, serveJsonBridgeApi, WEBHOOK_KEY } from './jsonbridge-fixtures';
import { OG_ID, orderGroupFixture } from './ordermanager-fixtures';
import { errorBody, jsonResponse } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo, TRADING_ACCOUNT } from './trading-fixtures';

const FIRST_RENDER = { timeout: 5_000 };

async function toastSaying(text: string): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Messages' })).findByText(text);
}

describe('Json Bridge list (/bridge/jsonbridge)', () => {
  afterEach(resetWebTestState);

  it('adds a bridge and shows its webhook URL once, with copy', async () => {
    // Prepare
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { requests } = serveJsonBridgeApi([], []);
    renderApp('/bridge/jsonbridge');
    const form = await screen.findByRole('form', { name: 'Add Json Bridge' }, FIRST_RENDER);
    fireEvent.change(within(form).getByLabelText('New bridge name'), { target: { value: 'Bank Nifty alerts' } });
    // Act
    fireEvent.click(within(form).getByRole('button', { name: 'Add bridge' }));
    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Webhook URL of Bank Nifty alerts' }, FIRST_RENDER);
    const url = `${window.location.origin}/api/v4/users/jsonbridge/webhook/${NEW_BRIDGE_ID}/${WEBHOOK_KEY}`;
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveProperty('value', url);
    expect(within(dialog).getByText(/shown only once/)).toBeTruthy();
    expect(await bodiesTo(requests, '/users/jsonbridge/addjsonbridge')).toEqual([{ json_bridge_name: 'Bank Nifty alerts' }]);
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy URL' }));
    // Assess
    expect(await toastSaying('Copied successfully!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(url);
    // Act: once closed, the URL is nowhere on the page
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Assess
    const card = await screen.findByRole('article', { name: 'Bank Nifty alerts' });
    expect(card.textContent).not.toContain(WEBHOOK_KEY);
    expect(document.body.textContent).not.toContain(WEBHOOK_KEY);
    expect(JSON.stringify({ ...localStorage })).not.toContain(WEBHOOK_KEY);
  });

  it('connects a bridge to an order group and an account, sending og_id and the target', async () => {
    // Prepare
    const { requests } = serveJsonBridgeApi([jsonBridgeFixture()], [orderGroupFixture()]);
    renderApp('/bridge/jsonbridge');
    const card = await screen.findByRole('article', { name: 'TradingView Nifty' }, FIRST_RENDER);
    expect(within(card).getByTestId('bridge-connection').textContent).toMatch(/^Not connected/);
    fireEvent.click(within(card).getByRole('button', { name: 'Connect TradingView Nifty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect TradingView Nifty' });
    // Act
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Connect' }));
    // Assess
    await waitFor(() => expect(within(card).getByTestId('bridge-connection').textContent).toBe('Feeds order group Morning scalps, trading on account Paper Trading (000PAP1).'));
    expect(await bodiesTo(requests, '/users/jsonbridge/connectjsonbridge')).toEqual([
      { json_bridge_id: BRIDGE_ID, og_id: OG_ID, target_kind: 'account', target_id: TRADING_ACCOUNT.broker_id },
    ]);
  });

  it('says when the refresh could not read the bridges', async () => {
    // Prepare
    let fail = false;
    serveJsonBridgeApi([jsonBridgeFixture()], [], {
      'GET /api/v4/users/jsonbridge/getjsonbridges': () => (fail ? jsonResponse(errorBody('Down for maintenance', 'INTERNAL'), 500) : jsonResponse({ status: true, data: [jsonBridgeFixture()], result: 'OK' })),
    });
    renderApp('/bridge/jsonbridge');
    await screen.findByRole('article', { name: 'TradingView Nifty' }, FIRST_RENDER);
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // Assess
    expect(await toastSaying('Json Bridge data refreshed successfully')).toBeTruthy();
    // Act
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // Assess
    expect(await toastSaying('Failed to fetch JSON Bridge data')).toBeTruthy();
  });
});
