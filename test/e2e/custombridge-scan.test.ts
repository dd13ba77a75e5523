import { describe, expect, inject, it } from 'vitest';
import { logInThroughForm } from './support/session';
import { connectTradingPaperAccount, settledArtifact } from './support/screens';
import { useTraderPage } from './support/trader-page';
import { addCustomBridge, addTrigger, connectAndOpenBridge, listedTriggers, openBridgeMenuLink } from './support/custom-bridge-steps';

const baseUrl = inject('baseUrl');

const BRIDGE_NAME = 'Breakout scan';
/** Two shares of the sample master, as a ChartInk scan names the stocks it found. */
const STOCKS = ['SBIN', 'TCS'] as const;
/** ChartInk's fixed alert payload (reference/products.md §3.2); the direction is the trading word in the scan's name. */
const CHARTINK_ALERT = JSON.stringify({
  stocks: STOCKS.join(','),
  trigger_prices: '812.5,3520.1',
  triggered_at: '2:34 pm',
  scan_name: 'BUY breakouts',
  scan_url: 'buy-breakouts',
  alert_name: 'Alert for BUY breakouts',
});

describe('a ChartInk scan in Chromium: a trigger set to the alert symbols trades each stock the scan names', () => {
  const session = useTraderPage('Scanner');

  it('adds the trigger through the form, and a posted scan opens one position per stock with the signal executed', async () => {
    const { page, trader, pageErrors } = session;
    // Prepare: a paper account with trading on, and a connected bridge
    await logInThroughForm(page, baseUrl, trader);
    const main = page.locator('main');
    const account = await connectTradingPaperAccount(page);
    const webhookUrl = await addCustomBridge(page, BRIDGE_NAME, pageErrors);
    await connectAndOpenBridge(page, BRIDGE_NAME);

    // Act: an UP trigger whose symbols come from the alert
    await addTrigger(page, { direction: 'UP', account, side: 'BUY', quantity: 1, script: null });
    // Assess: the row says what it trades in place of a script
    const upList = main.getByRole('region', { name: 'UP triggers' });
    await upList.getByText("EQUITY the alert's symbols (NSE unless the alert names one)").waitFor();
    await expect.poll(() => listedTriggers(page, 'UP')).toEqual(['1: Buy 1 share at market, intraday · enters at once']);

    // Act: ChartInk posts its scan to the webhook
    const answer = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: CHARTINK_ALERT });
    expect(answer.status).toBe(202);

    // Assess: one OPEN position per stock on the bridge's positions page
    await openBridgeMenuLink(page, 'Position');
    await page.waitForURL('**/platform/bridge/position');
    const table = main.getByRole('region', { name: BRIDGE_NAME }).getByRole('table');
    for (const stock of STOCKS) {
      const row = table.getByRole('row', { name: new RegExp(`^${stock}\\S* BUY$`) });
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('OPEN');
    }
    await settledArtifact(page, 'custombridge-scan-positions-1280');

    // Assess: the signal executed, with an entry per stock named on its timeline
    await openBridgeMenuLink(page, 'Signal');
    await page.waitForURL('**/platform/bridge/signal');
    const signalRow = main.getByRole('row', { name: new RegExp(`^${BRIDGE_NAME} `) });
    await expect.poll(() => signalRow.getAttribute('data-status'), { timeout: 20_000 }).toBe('executed');
    await signalRow.click();
    const timeline = page.getByRole('dialog', { name: `Signal from ${BRIDGE_NAME}` }).getByRole('list', { name: 'Timeline' });
    for (const stock of STOCKS) await timeline.getByText(`Trigger ${stock} on ${account}: entered`).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
