import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BRIDGE_ID, jsonBridgeFixture, NEW_WEBHOOK_KEY, serveJsonBridgeApi, WEBHOOK_KEY } from './jsonbridge-fixtures';
import { errorBody, jsonResponse } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';

const FIRST_RENDER = { timeout: 5_000 };
const NAME = 'TradingView Nifty';

async function bridgeCard(name = NAME): Promise<HTMLElement> {
  return screen.findByRole('article', { name }, FIRST_RENDER);
}

async function toastSaying(text: string): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Messages' })).findByText(text);
}

describe('Json Bridge actions (/bridge/jsonbridge): rename, regenerate key, delete', () => {
  afterEach(resetWebTestState);

  it('renames a bridge, refusing an empty name before sending anything', async () => {
    // Prepare
    const { requests } = serveJsonBridgeApi([jsonBridgeFixture()], []);
    renderApp('/bridge/jsonbridge');
    fireEvent.click(within(await bridgeCard()).getByRole('button', { name: `Rename ${NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: `Rename ${NAME}` });
    const field = within(dialog).getByLabelText('Bridge name');
    // Act: an empty name
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    // Assess
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(requests.some((request) => request.url.endsWith('/updatejsonbridgename'))).toBe(false);
    // Act
    fireEvent.change(field, { target: { value: 'Bank Nifty alerts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    // Assess
    expect(await toastSaying('Json Bridge renamed to Bank Nifty alerts.')).toBeTruthy();
    expect(await bridgeCard('Bank Nifty alerts')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await bodiesTo(requests, '/users/jsonbridge/updatejsonbridgename')).toEqual([{ json_bridge_id: BRIDGE_ID, json_bridge_name: 'Bank Nifty alerts' }]);
  });

  it('regenerates the key only once confirmed, and shows the new URL once', async () => {
    // Prepare
    const { requests } = serveJsonBridgeApi([jsonBridgeFixture()], []);
    renderApp('/bridge/jsonbridge');
    fireEvent.click(within(await bridgeCard()).getByRole('button', { name: `Regenerate key of ${NAME}` }));
    const confirm = await screen.findByRole('dialog', { name: `Regenerate the key of ${NAME}?` });
    expect(within(confirm).getByText(/stops working at once/)).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith('/regeneratejsonbridgekey'))).toBe(false);
    // Act
    fireEvent.click(within(confirm).getByRole('button', { name: 'Regenerate key' }));
    // Assess
    const shown = await screen.findByRole('dialog', { name: `New webhook URL of ${NAME}` });
    expect(within(shown).getByLabelText('Webhook URL')).toHaveProperty('value', `${window.location.origin}/api/v4/users/jsonbridge/webhook/${BRIDGE_ID}/${NEW_WEBHOOK_KEY}`);
    expect(within(shown).getByText(/shown only once/)).toBeTruthy();
    expect(await bodiesTo(requests, '/users/jsonbridge/regeneratejsonbridgekey')).toEqual([{ json_bridge_id: BRIDGE_ID }]);
    // Act: once closed, the new key is nowhere on the page nor in storage
    fireEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(NEW_WEBHOOK_KEY);
    expect(JSON.stringify({ ...localStorage })).not.toContain(NEW_WEBHOOK_KEY);
  });

  it('keeps the key when the user backs out of regenerating', async () => {
    // Prepare
    const { requests } = serveJsonBridgeApi([jsonBridgeFixture()], []);
    renderApp('/bridge/jsonbridge');
    fireEvent.click(within(await bridgeCard()).getByRole('button', { name: `Regenerate key of ${NAME}` }));
    const confirm = await screen.findByRole('dialog', { name: `Regenerate the key of ${NAME}?` });
    // Act
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.url.endsWith('/regeneratejsonbridgekey'))).toBe(false);
    expect(document.body.textContent).not.toContain(WEBHOOK_KEY);
  });

  it('deletes a bridge once confirmed and drops its card', async () => {
    // Prepare
    const { requests } = serveJsonBridgeApi([jsonBridgeFixture()], []);
    renderApp('/bridge/jsonbridge');
    fireEvent.click(within(await bridgeCard()).getByRole('button', { name: `Delete ${NAME}` }));
    const confirm = await screen.findByRole('dialog', { name: `Delete ${NAME}?` });
    expect(within(confirm).getByText(/order group it feeds and its positions stay/)).toBeTruthy();
    // Act
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete bridge' }));
    // Assess
    expect(await toastSaying(`Json Bridge ${NAME} deleted.`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: NAME })).toBeNull());
    expect(await screen.findByText(/No bridges yet/)).toBeTruthy();
    expect(await bodiesTo(requests, '/users/jsonbridge/deletejsonbridge')).toEqual([{ json_bridge_id: BRIDGE_ID }]);
  });

  it("keeps a bridge the server refuses to delete and shows the server's reason", async () => {
    // Prepare
    serveJsonBridgeApi([jsonBridgeFixture()], [], {
      'POST /api/v4/users/jsonbridge/deletejsonbridge': () => jsonResponse(errorBody('Json Bridge not found', 'NOT_FOUND'), 404),
    });
    renderApp('/bridge/jsonbridge');
    fireEvent.click(within(await bridgeCard()).getByRole('button', { name: `Delete ${NAME}` }));
    const confirm = await screen.findByRole('dialog', { name: `Delete ${NAME}?` });
    // Act
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete bridge' }));
    // Assess
    expect(await within(confirm).findByText('Json Bridge not found')).toBeTruthy();
    expect(screen.getByRole('article', { name: NAME })).toBeTruthy();
  });
});
