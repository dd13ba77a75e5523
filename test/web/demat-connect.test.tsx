import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountFixture, BROKER_PATH, CATALOG, sentBodies, serveBrokerApi } from './demat-fixtures';
import { errorBody, jsonResponse, stubLocationAssign, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const CONNECT = `POST ${BROKER_PATH}/connectbroker`;

async function openConnectDialog(brokerName: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: `Connect ${brokerName}` }));
  return screen.findByRole('dialog', { name: `Connect ${brokerName}` });
}

function fill(dialog: HTMLElement, values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  }
}

const VALID_ANGEL = { 'Client code': 'A123456', PIN: '1234', 'TOTP secret': 'JBSWY3DPEHPK3PXPJBSWY3DP', 'API key': 'smart-key-1' };

describe('connecting a broker account', () => {
  afterEach(resetWebTestState);

  it('connects a paper account at once and lists it as connected', async () => {
    // Prepare
    const { requests } = serveBrokerApi([]);
    renderApp('/demat');
    const dialog = await openConnectDialog('Paper Trading');
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    // Assess
    const card = await screen.findByRole('article', { name: 'Paper Trading (000PAP2)' });
    expect(within(card).getByText('Connected')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Paper Trading (000PAP2) connected.')).toBeTruthy();
    expect(await sentBodies(requests, 'connectbroker')).toEqual([{ broker: 'paper' }]);
  });

  it("checks Angel One's credentials before anything is sent", async () => {
    // Prepare
    const { requests } = serveBrokerApi([]);
    renderApp('/demat');
    const dialog = await openConnectDialog('Angel One SmartAPI');
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    // Assess
    expect(await within(dialog).findByText('Client code is required.')).toBeTruthy();
    expect(within(dialog).getByText('PIN is required.')).toBeTruthy();
    expect(within(dialog).getByText('TOTP secret is required.')).toBeTruthy();
    expect(within(dialog).getByText('API key is required.')).toBeTruthy();

    // Act
    fill(dialog, { ...VALID_ANGEL, PIN: '12ab', 'TOTP secret': 'not base32!' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    // Assess
    expect(await within(dialog).findByText('PIN must be 4–6 digits.')).toBeTruthy();
    expect(within(dialog).getByText('TOTP secret must be the base32 key shown when enabling TOTP.')).toBeTruthy();
    expect(within(dialog).queryByText('Client code is required.')).toBeNull();
    expect(await sentBodies(requests, 'connectbroker')).toEqual([]);
  });

  it("sends valid Angel One credentials, disables the form meanwhile and shows the server's refusal", async () => {
    // Prepare
    let refuse: (response: Response) => void = () => undefined;
    const { requests } = serveBrokerApi([], {
      [CONNECT]: () => new Promise<Response>((resolve) => (refuse = resolve)),
    });
    renderApp('/demat');
    const dialog = await openConnectDialog('Angel One SmartAPI');
    fill(dialog, VALID_ANGEL);
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    // Assess
    await waitFor(() => expect(within(dialog).getByLabelText('Client code').hasAttribute('disabled')).toBe(true));
    expect(within(dialog).getByLabelText('PIN').hasAttribute('disabled')).toBe(true);
    expect(await sentBodies(requests, 'connectbroker')).toEqual([
      {
        broker: 'angelone',
        credentials: { client_code: 'A123456', pin: '1234', totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', api_key: 'smart-key-1' },
      },
    ]);

    // Act
    refuse(jsonResponse(errorBody('Angel One refused the login: Invalid totp', 'BUSINESS_RULE'), 422));
    // Assess
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Angel One refused the login: Invalid totp');
    expect(within(dialog).getByLabelText('Client code').hasAttribute('disabled')).toBe(false);
  });

  it("sends Zerodha's key and secret, then opens the broker's login page", async () => {
    // Prepare
    const assign = stubLocationAssign();
    const account = accountFixture({ broker: 'zerodha', status: 'available', broker_combined_name: 'Zerodha Kite (000ZRD1)' });
    const loginUrl = 'https://kite.zerodha.com/connect/login?v=3&api_key=kiteapp123';
    serveBrokerApi([], { [CONNECT]: () => jsonResponse(successBody({ account, login_url: loginUrl })) });
    renderApp('/demat');
    const dialog = await openConnectDialog('Zerodha Kite');
    expect(within(dialog).getByText(`${window.location.origin}/platform/dematconnected`)).toBeTruthy();
    fill(dialog, { 'API key': 'kiteapp123', 'API secret': 'kitesecret456' });
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to broker login' }));
    // Assess
    await waitFor(() => expect(assign).toHaveBeenCalledWith(loginUrl));
  });

  it("offers only the franchise's brokers, and with its own Kite app asks for no key or secret", async () => {
    // Prepare
    const assign = stubLocationAssign();
    const account = accountFixture({ broker: 'zerodha', status: 'available', broker_combined_name: 'Zerodha Kite (000ZRD2)' });
    const loginUrl = 'https://kite.zerodha.com/connect/login?v=3&api_key=franchisekite1';
    const catalog = CATALOG.filter((entry) => entry.broker !== 'upstox').map((entry) =>
      entry.broker === 'zerodha' ? { ...entry, credential_fields: [], franchise_app: true } : entry,
    );
    const { requests } = serveBrokerApi([], {
      [`GET ${BROKER_PATH}/getavailablebrokers`]: () => jsonResponse(successBody(catalog)),
      [CONNECT]: () => jsonResponse(successBody({ account, login_url: loginUrl })),
    });
    renderApp('/demat');
    const dialog = await openConnectDialog('Zerodha Kite');
    expect(screen.queryByText('Upstox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect Angel One SmartAPI', hidden: true })).toBeTruthy();
    expect(within(dialog).queryByLabelText('API key')).toBeNull();
    expect(within(dialog).queryByText(`${window.location.origin}/platform/dematconnected`)).toBeNull();
    expect(within(dialog).getByText("Your broker's own app is used: log in on the broker's own page to finish.")).toBeTruthy();
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to broker login' }));
    // Assess
    await waitFor(() => expect(assign).toHaveBeenCalledWith(loginUrl));
    expect(await sentBodies(requests, 'connectbroker')).toEqual([{ broker: 'zerodha', credentials: {} }]);
  });
});
