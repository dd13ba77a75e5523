import { describe, expect, inject, it } from 'vitest';
import { brokerContracts } from '../../shared/contracts/broker';
import { watchlistContracts } from '../../shared/contracts/watchlist';
import { apiToken, callAs } from './support/api-calls';
import { saveArtifact } from './support/artifacts';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');

/**
 * Issue 16 in Chromium: the order ticket shows the margin an order needs and the funds free before
 * Place (and warns when they do not cover it), and the account page lists the account's holdings (none
 * on the day a paper account opens: a DELIVERY buy becomes a holding the next trading day, which the
 * integration tests check with the clock moved).
 */
describe('margin in the ticket and holdings on the account page', () => {
  const session = useTraderPage('Holdings');

  it('shows the margin before Place, a warning when it does not fit, and the Holdings section', async () => {
    // Prepare
    const { page, trader, pageErrors } = session;
    const token = await apiToken(baseUrl, trader);
    const { account } = await callAs(baseUrl, token, brokerContracts.connectBroker, { broker: 'paper' });
    await callAs(baseUrl, token, brokerContracts.updateBrokerTradingFlag, { broker_id: account.broker_id, trading_enabled: true });
    await callAs(baseUrl, token, watchlistContracts.addToWatchlist, { script_id: 'NSE:SBIN' });
    await logInThroughForm(page, baseUrl, trader);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Watch List', exact: true }).click();
    const main = page.locator('main');
    // Act
    await main.getByRole('row', { name: 'SBIN' }).getByRole('button', { name: 'Trade SBIN' }).click();
    const ticket = page.getByRole('dialog', { name: 'Order ticket: SBIN' });
    await ticket.getByLabel('Product').selectOption('DELIVERY');
    await ticket.getByLabel('Quantity').fill('2');
    // Assess
    const margin = ticket.getByTestId('ticket-margin');
    await expect.poll(() => margin.textContent(), { timeout: 10_000 }).toMatch(/^Margin required ₹[\d,]+\.\d{2} · Available ₹10,00,000\.00$/);
    await saveArtifact(page, 'ticket-margin-1280');

    // Act: more than the paper account's ₹10 lakh.
    await ticket.getByLabel('Quantity').fill('5000');
    // Assess
    await ticket.getByTestId('ticket-margin-warning').waitFor({ timeout: 10_000 });
    expect(await ticket.getByTestId('ticket-margin-warning').textContent()).toMatch(/^Not enough funds for this order: ₹[\d,]+\.\d{2} short\./);
    await saveArtifact(page, 'ticket-margin-warning-1280');

    // Act
    await ticket.getByRole('button', { name: 'Close' }).click();
    await page.goto(`${baseUrl}/platform/demat/${account.broker_id}`);
    // Assess
    const holdings = main.getByRole('region', { name: 'Holdings' });
    await holdings.getByText(/No holdings yet\. Shares bought as DELIVERY move here the trading day after/).waitFor();
    await holdings.scrollIntoViewIfNeeded();
    await saveArtifact(page, 'account-holdings-1280');
    expect(pageErrors).toEqual([]);
  });
});
