import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staticIpContracts } from '../../shared/contracts/ips';
import { ANGEL_ID, brokerAccount, IP_A, ipFixture, IPS_PATH, NOW, sentIpBodies, serveStaticIpApi, UPSTOX_ID, ZERODHA_ID } from './staticip-fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

/** Bound two days before NOW: its IP may change again five days after NOW. */
const ZERODHA_ON_A = {
  broker_id: ZERODHA_ID,
  broker: 'zerodha' as const,
  broker_combined_name: 'Zerodha Kite (ZX1234)',
  next_change_at: '2026-03-10T05:00:00.000Z',
  registration: 'register-yourself' as const,
  registration_error: null,
};
/** Bound ten days ago: free to change. */
const UPSTOX_ON_A = {
  broker_id: UPSTOX_ID,
  broker: 'upstox' as const,
  broker_combined_name: 'Upstox (UP77)',
  next_change_at: null,
  registration: 'failed' as const,
  registration_error: 'Upstox refused the address: IP already registered.',
};
const IP_ON_TWO = ipFixture({ accounts: [ZERODHA_ON_A, UPSTOX_ON_A] });
const ON_A = { ip_id: IP_A, address: '127.0.0.2', version: 'IPv4' as const, registration_error: null };
const ACCOUNTS = [
  brokerAccount(ZERODHA_ID, 'zerodha', ZERODHA_ON_A.broker_combined_name, { ...ON_A, registration: 'register-yourself', next_change_at: ZERODHA_ON_A.next_change_at }),
  brokerAccount(UPSTOX_ID, 'upstox', UPSTOX_ON_A.broker_combined_name, { ...ON_A, registration: 'failed', next_change_at: null }),
  brokerAccount(ANGEL_ID, 'angelone', 'Angel One SmartAPI (A123456)'),
];
const MINE = {
  items: [IP_ON_TWO],
  accounts_without_ip: [{ broker_id: ANGEL_ID, broker: 'angelone' as const, broker_combined_name: 'Angel One SmartAPI (A123456)' }],
};

// The first test of a file also loads the page's chunk, and each walks a full dialog: slow on a busy machine.
describe('my static IPs', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('shows each account with its registration steps, and a failed platform registration with a retry that binds the same accounts', async () => {
    // Prepare
    const { requests } = serveStaticIpApi({ mine: MINE, accounts: ACCOUNTS }, { [`POST ${IPS_PATH}/updatestaticip`]: () => jsonResponse(successBody({ ip: IP_ON_TWO })) });
    renderApp('/staticip');
    const card = await screen.findByRole('article', { name: '127.0.0.2' });
    // Assess
    expect(within(card).getByText('Open the Kite developer console, go to your profile and add this address under IP whitelist.')).toBeTruthy();
    expect(within(card).getByText('Next change allowed on 10-03-2026.')).toBeTruthy();
    expect(within(card).getByText('Registration failed: Upstox refused the address: IP already registered.')).toBeTruthy();
    expect(screen.getByText(/Without a static IP .*: Angel One SmartAPI \(A123456\)\./)).toBeTruthy();
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Retry registration' }));
    // Assess
    await waitFor(async () => expect(await sentIpBodies(requests, 'updatestaticip')).toEqual([{ ip_id: IP_A, broker_ids: [ZERODHA_ID, UPSTOX_ID] }]));
  });

  it('locks in the move dialog an account whose IP changed within 7 days and sends the accounts chosen', async () => {
    // Prepare
    const { requests } = serveStaticIpApi({ mine: MINE, accounts: ACCOUNTS }, { [`POST ${IPS_PATH}/updatestaticip`]: () => jsonResponse(successBody({ ip: IP_ON_TWO })) });
    renderApp('/staticip');
    const card = await screen.findByRole('article', { name: '127.0.0.2' });
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 127.0.0.2' });
    // Assess
    const zerodha = within(dialog).getByLabelText('Zerodha Kite (ZX1234) (next change allowed on 10-03-2026)');
    expect(zerodha).toHaveProperty('disabled', true);
    expect(zerodha).toHaveProperty('checked', true);
    const upstox = within(dialog).getByLabelText('Upstox (UP77)');
    expect(upstox).toHaveProperty('disabled', false);
    expect(within(dialog).getByLabelText('Angel One SmartAPI (A123456)')).toHaveProperty('disabled', false);
    // Act
    fireEvent.click(upstox);
    fireEvent.click(within(dialog).getByLabelText('Angel One SmartAPI (A123456)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Assess
    expect(await screen.findByText('The accounts using 127.0.0.2 are saved.')).toBeTruthy();
    const [update] = await sentIpBodies(requests, 'updatestaticip');
    expect(staticIpContracts.updateStaticIp.request.parse(update)).toEqual({ ip_id: IP_A, broker_ids: [ZERODHA_ID, ANGEL_ID] });
  });

  it('frees the account once its 7 days have passed', async () => {
    // Prepare
    vi.setSystemTime(new Date('2026-03-10T05:00:01.000Z'));
    serveStaticIpApi({ mine: MINE, accounts: ACCOUNTS });
    renderApp('/staticip');
    const card = await screen.findByRole('article', { name: '127.0.0.2' });
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 127.0.0.2' });
    // Assess
    expect(within(dialog).getByLabelText('Zerodha Kite (ZX1234)')).toHaveProperty('disabled', false);
  });

  it('warns that a removed IP goes to quarantine without refund, then removes it', async () => {
    // Prepare
    const { requests } = serveStaticIpApi({ mine: MINE, accounts: ACCOUNTS }, { [`POST ${IPS_PATH}/removestaticip`]: () => jsonResponse(successBody({ ip_id: IP_A })) });
    renderApp('/staticip');
    const card = await screen.findByRole('article', { name: '127.0.0.2' });
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 127.0.0.2?' });
    // Assess
    expect(within(dialog).getByText('127.0.0.2 goes to quarantine, no refund. The 2 accounts using it will send orders without a static IP.')).toBeTruthy();
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    // Assess
    expect(await screen.findByText('127.0.0.2 is removed.')).toBeTruthy();
    expect(await sentIpBodies(requests, 'removestaticip')).toEqual([{ ip_id: IP_A }]);
  });

  it('checks the egress address and warns on a mismatch', async () => {
    // Prepare
    let seen = '127.0.0.2';
    serveStaticIpApi(
      { mine: MINE },
      { [`POST ${IPS_PATH}/checkegress`]: () => jsonResponse(successBody({ address_seen: seen, expected: '127.0.0.2', matches: seen === '127.0.0.2', elapsed_ms: 3 })) },
    );
    renderApp('/staticip');
    const card = await screen.findByRole('article', { name: '127.0.0.2' });
    // Act
    fireEvent.click(within(card).getByRole('button', { name: 'Check egress' }));
    // Assess
    expect(await within(card).findByText('Orders leave from 127.0.0.2 ✓')).toBeTruthy();
    // Act
    seen = '10.0.0.9';
    fireEvent.click(within(card).getByRole('button', { name: 'Check egress' }));
    // Assess
    expect(await within(card).findByText(/Orders leave from 10\.0\.0\.9, not 127\.0\.0\.2\./)).toBeTruthy();
  });

  it('turns auto-renew off at once', async () => {
    // Prepare
    const { requests } = serveStaticIpApi({ mine: MINE, accounts: ACCOUNTS }, { [`POST ${IPS_PATH}/updatestaticip`]: () => jsonResponse(successBody({ ip: IP_ON_TWO })) });
    renderApp('/staticip');
    const card = await screen.findByRole('article', { name: '127.0.0.2' });
    // Act
    fireEvent.click(within(card).getByLabelText('Renew automatically'));
    // Assess
    await waitFor(async () => expect(await sentIpBodies(requests, 'updatestaticip')).toEqual([{ ip_id: IP_A, auto_renew: false }]));
  });
});
