import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staticIpContracts } from '../../shared/contracts/ips';
import { ANGEL_ID, brokerAccount, PAPER_ID, ipFixture, ipUser, NOW, OFFER, sentIpBodies, serveStaticIpApi, IPS_PATH } from './staticip-fixtures';
import { errorBody, jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const BUY = `POST ${IPS_PATH}/purchasestaticip`;
const purchaseRequest = staticIpContracts.purchaseStaticIp.request;
const ANGEL = brokerAccount(ANGEL_ID, 'angelone', 'Angel One SmartAPI (A123456)');
const PAPER = brokerAccount(PAPER_ID, 'paper', 'Paper Trading (000PAP1)');

async function sentPurchases(requests: readonly Request[]) {
  return (await sentIpBodies(requests, 'purchasestaticip')).map((body) => purchaseRequest.parse(body));
}

// The first test of a file also loads the page's chunk, and each walks a full dialog: slow on a busy machine.
describe('buying a static IP', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('shows the price with Indian grouping, offers only versions with free addresses, and sends the contract body after confirming', async () => {
    // Prepare
    const bought = ipFixture({ label: 'Swing', expires_at: '2026-06-05T00:00:00.000Z' });
    const { requests } = serveStaticIpApi({ accounts: [ANGEL, PAPER] }, { [BUY]: () => jsonResponse(successBody({ ip: bought, balance_paise: 550_000 })) });
    renderApp('/staticip');
    // Act
    expect(await screen.findByText('₹1,499.00')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy a static IP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a static IP' });
    // Assess: IPv6 has no free address today, so only IPv4 is offered
    expect(within(dialog).getByLabelText('IPv4: Accepted by every broker.')).toBeTruthy();
    expect(within(dialog).queryByText(/IPv6/)).toBeNull();
    expect(within(dialog).getByLabelText('12 months: ₹17,988.00')).toBeTruthy();
    // Paper accounts may send from a slot too, so they are offered beside the real brokers
    expect(within(dialog).getByLabelText('Paper Trading (000PAP1)')).toBeTruthy();
    // Act
    fireEvent.click(within(dialog).getByLabelText('3 months: ₹4,497.00'));
    fireEvent.change(within(dialog).getByLabelText('Label (optional)'), { target: { value: ' Swing ' } });
    fireEvent.click(within(dialog).getByLabelText('Renew automatically from my wallet'));
    fireEvent.click(within(dialog).getByLabelText('Angel One SmartAPI (A123456)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText(/Buy one IPv4 address for 3 months for ₹4,497.00 from your wallet\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for ₹4,497.00' }));
    // Assess
    expect(await screen.findByText('You bought 127.0.0.2 until 05-06-2026. ₹5,500.00 is left in your wallet.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [purchase] = await sentPurchases(requests);
    expect(purchase).toEqual({
      version: 'IPv4',
      months: 3,
      auto_renew: false,
      label: 'Swing',
      broker_ids: [ANGEL_ID],
      idempotency_key: expect.stringMatching(/^ip-[0-9a-f]{32}$/),
    });
  });

  it('keeps the idempotency key for a retry of the same choice and takes a new one for another choice', async () => {
    // Prepare
    const { requests } = serveStaticIpApi({}, { [BUY]: () => jsonResponse(errorBody('Your wallet balance is too low for this purchase.', 'BUSINESS_RULE'), 422) });
    renderApp('/staticip');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy a static IP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a static IP' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for ₹1,499.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your wallet balance is too low for this purchase.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for ₹1,499.00' }));
    await waitFor(async () => expect(await sentPurchases(requests)).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(dialog).getByLabelText('6 months: ₹8,994.00'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for ₹8,994.00' }));
    // Assess
    await waitFor(async () => expect(await sentPurchases(requests)).toHaveLength(3));
    const [first, retry, other] = await sentPurchases(requests);
    expect(retry?.idempotency_key).toBe(first?.idempotency_key);
    expect(other?.idempotency_key).not.toBe(first?.idempotency_key);
    expect(other?.months).toBe(6);
  });

  it('offers IPv6 when one is free, and then locks the accounts of brokers that need IPv4', async () => {
    // Prepare
    const bothFree = { ...OFFER, free: [{ version: 'IPv4', count: 1 }, { version: 'IPv6', count: 5 }] };
    serveStaticIpApi({ accounts: [ANGEL, PAPER] }, { [`GET ${IPS_PATH}/getavailableips`]: () => jsonResponse(successBody(bothFree)) });
    renderApp('/staticip');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy a static IP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a static IP' });
    fireEvent.click(within(dialog).getByLabelText('Angel One SmartAPI (A123456)'));
    // Act
    fireEvent.click(within(dialog).getByLabelText('IPv6: Accepted by Zerodha, Upstox and Dhan; Angel One needs IPv4.'));
    // Assess
    const angel = within(dialog).getByLabelText('Angel One SmartAPI (A123456) (needs IPv4)');
    expect(angel).toHaveProperty('checked', false);
    expect(angel).toHaveProperty('disabled', true);
    expect(within(dialog).getByLabelText('Paper Trading (000PAP1)')).toHaveProperty('disabled', false);
  });

  it("shows the server's refusal instead of the Buy button when the user may not buy", async () => {
    // Prepare
    const refusal = 'Your parent has not allowed static IP purchases.';
    serveStaticIpApi({ profile: ipUser() }, { [`GET ${IPS_PATH}/getavailableips`]: () => jsonResponse(successBody({ ...OFFER, purchase_allowed: false, refusal })) });
    // Act
    renderApp('/staticip');
    // Assess
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy a static IP' })).toHaveProperty('disabled', true);
  });
});
