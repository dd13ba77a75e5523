import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRADINGVIEW_WEBHOOK_ADDRESSES } from '../../shared/contracts/bridge-security';
import { BRIDGE_ID, serveBridgeApi, SIGNING_SECRET } from './custombridge-fixtures';
import { renderApp, resetWebTestState } from './support/render-app';
import { bodiesTo } from './trading-fixtures';

const FIRST_RENDER = { timeout: 5_000 };
const INFO = `/bridge/custombridge/${BRIDGE_ID}/info`;
const SIGNED = { require_signature: true, secret_created_at: '2026-03-01T04:00:00.000Z', allowed_ips: [], signal_validity_seconds: 60, retry_window_seconds: 60 };

async function securityCard(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Webhook security' }, FIRST_RENDER);
}

describe('webhook security card (custom bridge info page)', () => {
  beforeEach(() => {
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText: vi.fn().mockResolvedValue(undefined) }, configurable: true });
  });
  afterEach(resetWebTestState);

  it('explains the URL is shown once when this visit does not hold it, and offers a reset', async () => {
    // Prepare
    serveBridgeApi();
    // Act
    renderApp(INFO);
    // Assess
    expect(await screen.findByText(/The webhook URL is shown once/, {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset key' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'ChartInk' })).toBeTruthy();
    expect(screen.getByLabelText('Amibroker AFL').textContent).toContain('InternetPostRequest');
  });

  it('rotates after confirming and shows the new secret once, with the header format and signing code', async () => {
    // Prepare
    const { requests } = serveBridgeApi({ security: SIGNED });
    renderApp(INFO);
    const card = await securityCard();
    // Act
    fireEvent.click(await within(card).findByRole('button', { name: 'Rotate secret' }));
    expect(requests.some((request) => request.url.endsWith('/updatebridgesecurity'))).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Rotate now' }));
    // Assess
    const shown = await within(card).findByRole('region', { name: 'New signing secret' });
    expect(within(shown).getByLabelText('Signing secret').textContent).toBe(SIGNING_SECRET);
    expect(within(shown).getByLabelText('Signature header').textContent).toContain('X-Signature: t=<unix seconds>,v1=');
    expect(within(shown).getByLabelText('Node.js signing example').textContent).toContain("createHmac('sha256', secret)");
    expect(within(shown).getByLabelText('Python signing example').textContent).toContain('hashlib.sha256');
    expect(await bodiesTo(requests, '/users/bridge/updatebridgesecurity')).toEqual([{ bridge_id: BRIDGE_ID, signing: 'rotate', allowed_ips: [] }]);
  });

  it('fills in the TradingView addresses with the preset, refuses a bad one, and saves the list', async () => {
    // Prepare
    const { requests } = serveBridgeApi();
    renderApp(INFO);
    const card = await securityCard();
    const addForm = await within(card).findByRole('form', { name: 'Add address' });
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'TradingView addresses' }));
    fireEvent.change(within(addForm).getByLabelText('Address'), { target: { value: '300.1.2.3' } });
    fireEvent.click(within(addForm).getByRole('button', { name: 'Add address' }));
    // Assess
    expect(await within(addForm).findByText('300.1.2.3 is not an IPv4 or IPv6 address.')).toBeTruthy();
    const chips = within(card).getByRole('list', { name: 'Addresses' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.firstChild?.textContent)).toEqual([...TRADINGVIEW_WEBHOOK_ADDRESSES]);
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Save addresses' }));
    // Assess
    await waitFor(async () => expect(await bodiesTo(requests, '/users/bridge/updatebridgesecurity')).toEqual([{ bridge_id: BRIDGE_ID, signing: 'keep', allowed_ips: [...TRADINGVIEW_WEBHOOK_ADDRESSES] }]));
  });
});

describe('webhook security card: the signal validity window', () => {
  afterEach(resetWebTestState);

  it('shows the saved window, refuses seconds out of range, and saves a new window alone', async () => {
    // Prepare
    const { requests } = serveBridgeApi({ security: SIGNED });
    renderApp(INFO);
    const card = await securityCard();
    const windowSection = await within(card).findByRole('region', { name: 'Signal validity window' });
    const field = within(windowSection).getByLabelText('Signal validity (seconds)');
    const save = within(windowSection).getByRole('button', { name: 'Save window' });
    expect((field as HTMLInputElement).value).toBe('60');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    // Act
    fireEvent.change(field, { target: { value: '2' } });
    // Assess
    expect(within(windowSection).getByText('Between 5 and 3600 seconds.')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    // Act
    fireEvent.change(field, { target: { value: '20' } });
    fireEvent.click(save);
    // Assess
    await waitFor(async () =>
      expect(await bodiesTo(requests, '/users/bridge/updatebridgesecurity')).toEqual([{ bridge_id: BRIDGE_ID, signing: 'keep', allowed_ips: [], signal_validity_seconds: 20 }]),
    );
    expect(await screen.findByText('Signals now expire 20 s after they arrive.')).toBeTruthy();
  });
});

describe('webhook security card: the signal retry window', () => {
  afterEach(resetWebTestState);

  it('shows the saved window, refuses a negative one, turns it off with 0, and saves it alone', async () => {
    // Prepare
    const { requests } = serveBridgeApi({ security: SIGNED });
    renderApp(INFO);
    const card = await securityCard();
    const windowSection = await within(card).findByRole('region', { name: 'Signal retry window' });
    const field = within(windowSection).getByLabelText('Retry window (seconds)');
    const save = within(windowSection).getByRole('button', { name: 'Save window' });
    expect((field as HTMLInputElement).value).toBe('60');
    expect(within(windowSection).getByText(/0 turns it off/)).toBeTruthy();
    // Act
    fireEvent.change(field, { target: { value: '-1' } });
    // Assess
    expect(within(windowSection).getByText('Between 0 and 3600 seconds.')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    // Act
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(save);
    // Assess
    await waitFor(async () =>
      expect(await bodiesTo(requests, '/users/bridge/updatebridgesecurity')).toEqual([{ bridge_id: BRIDGE_ID, signing: 'keep', allowed_ips: [], retry_window_seconds: 0 }]),
    );
    expect(await screen.findByText('Retry window off: every arrival is a new signal.')).toBeTruthy();
    await waitFor(() => expect((within(card).getByLabelText('Retry window (seconds)') as HTMLInputElement).value).toBe('0'));
  });
});
