import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { bridgeContracts } from '../../shared/contracts/bridge';
import { brokerContracts } from '../../shared/contracts/broker';
import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { directOrderContracts } from '../../shared/contracts/orders';
import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { userContracts } from '../../shared/contracts/user';
import type { Credentials } from './support/accounts';
import { apiToken, callAs, orderKey } from './support/api-calls';
import { saveArtifact } from './support/artifacts';
import { E2E_KITE_APP, E2E_KITE_USER, type SeenPlace } from './support/kite-sandbox';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const kiteControl = inject('kiteControl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };

const seenPlaces = async (): Promise<SeenPlace[]> => (await (await fetch(`${kiteControl}/places`)).json()) as SeenPlace[];

describe('static IPs and the kill switch in Chromium (Kite fake with the static-IP rule in force)', () => {
  const session = useTraderPage('Egress');

  it('buys an IP, moves it onto a Zerodha account whose order then arrives from it; Stop all automation refuses a webhook signal', async () => {
    // Prepare: ₹1,000 of credit from the broker panel, and a Zerodha account logged in through Kite's redirect.
    const { page, trader, pageErrors } = session;
    const token = await apiToken(baseUrl, trader);
    const adminToken = await apiToken(baseUrl, admin);
    const profile = await callAs(baseUrl, token, userContracts.getUserProfile, {});
    await callAs(baseUrl, adminToken, subUserViewContracts.creditDebitSubUser, {
      sub_user_id: profile.user_id,
      type: 'credit',
      amount_paise: 100_000,
      source: 'franchise',
      reason: 'E2E static IP',
      idempotency_key: `e2e-ip-${randomUUID()}`,
    });
    const { account } = await callAs(baseUrl, token, brokerContracts.connectBroker, { broker: 'zerodha', credentials: E2E_KITE_APP });
    const { request_token } = (await (await fetch(`${kiteControl}/request-token`, { method: 'POST' })).json()) as { request_token: string };
    await callAs(baseUrl, token, brokerTradingContracts.completeBrokerLogin, { broker_id: account.broker_id, request_token });
    await callAs(baseUrl, token, brokerContracts.updateBrokerTradingFlag, { broker_id: account.broker_id, trading_enabled: true });
    // Logged in, the account is named by the broker's user id.
    const accountName = `Zerodha Kite (${E2E_KITE_USER})`;
    const ticket = { broker_id: account.broker_id, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'INTRADAY', quantity: 1, price: null } as const;

    // Without a static IP the broker refuses the order: it came from the server's own address.
    const direct = await callAs(baseUrl, token, directOrderContracts.placeOrder, { ...ticket, idempotency_key: orderKey() });
    expect(direct.order.status).toMatch(/rejected|failed/);
    expect(direct.order.reason ?? '').toMatch(/not registered/);

    // Act: the trader buys an IPv4 address for a month on /staticip.
    await logInThroughForm(page, baseUrl, trader);
    const main = page.locator('main');
    await page.goto(`${baseUrl}/platform/staticip`);
    await main.getByRole('button', { name: 'Buy a static IP' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy a static IP' });
    await buy.getByRole('button', { name: 'Review' }).click();
    await buy.getByRole('button', { name: /^Buy for ₹/ }).click();
    const card = main.locator('article.static-ip-card').first();
    await card.waitFor({ timeout: 15_000 });
    const address = (await card.getAttribute('aria-label')) ?? '';
    expect(address).toMatch(/^127\.0\.0\.\d+$/);

    // Act: it moves onto the Zerodha account, and the trader whitelists it in Kite's console.
    await card.getByRole('button', { name: 'Move', exact: true }).click();
    const move = page.getByRole('dialog', { name: `Move ${address}` });
    // Amplify draws its own box over the input: a user clicks the label.
    await move.locator('label').filter({ hasText: accountName }).click();
    expect(await move.getByRole('checkbox', { name: new RegExp(`^${accountName.replace(/[()]/g, '\\$&')}`) }).isChecked()).toBe(true);
    await move.getByRole('button', { name: 'Save' }).click();
    await card.getByText(accountName).first().waitFor({ timeout: 15_000 });
    await fetch(`${kiteControl}/whitelist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ primary: address }) });
    await card.getByRole('button', { name: 'Check egress' }).click();
    await card.getByText(`Orders leave from ${address} ✓`).waitFor({ timeout: 15_000 });
    await saveArtifact(page, 'static-ip-bound');

    // Assess: the next order arrives at the broker from the bought address and is accepted.
    const placed = await callAs(baseUrl, token, directOrderContracts.placeOrder, { ...ticket, idempotency_key: orderKey() });
    expect(placed.order.reason ?? '').not.toMatch(/not registered/);
    const arrivals = await seenPlaces();
    expect(arrivals.filter((arrival) => !arrival.refused).map((arrival) => arrival.remoteAddress)).toContain(address);

    // Act: a custom bridge buys on the account; the trader presses "Stop all automation", then a signal comes.
    const bridge = await callAs(baseUrl, token, bridgeContracts.addUserBridge, { bridge_name: 'Kill switch check' });
    await callAs(baseUrl, token, bridgeContracts.userBridgeConnection, { bridge_id: bridge.bridge_id });
    await callAs(baseUrl, token, bridgeContracts.addBridgeTrigger, {
      bridge_id: bridge.bridge_id,
      direction: 'UP',
      target_kind: 'account',
      target_id: account.broker_id,
      script_type: 'EQUITY',
      script: 'SBIN',
      product: 'INTRADAY',
      quantity: 1,
    });
    await page.getByRole('button', { name: 'Stop all automation' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stop all automation' }).click();
    await page.getByText('Automation stopped', { exact: true }).first().waitFor({ timeout: 15_000 });
    // The stop turned the bridge off; turned back on elsewhere (another device, the API) while automation is still
    // stopped, its signal must still be refused: the order path itself checks the stop, not only the switches.
    await callAs(baseUrl, token, bridgeContracts.updateBridgeTradingFlag, { bridge_id: bridge.bridge_id, trading_enabled: true });
    const placesBefore = (await seenPlaces()).length;
    const webhook = await fetch(`${baseUrl}${bridge.webhook_path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'BUY' });
    expect(webhook.status).toBe(202);

    // Assess: the signal is refused with the reason on the signal log, and nothing reached the broker.
    await page.goto(`${baseUrl}/platform/bridge/signal`);
    // The page reads queued signals again every 3 s: the refusal shows without a reload.
    await main.getByText(/Automation is stopped/).first().waitFor({ timeout: 30_000 });
    expect((await seenPlaces()).length).toBe(placesBefore);
    await saveArtifact(page, 'static-ip-signal-refused');
    expect(pageErrors).toEqual([]);
  });
});
