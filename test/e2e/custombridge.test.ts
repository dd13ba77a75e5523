import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signatureHeaderOf } from '../../functions/signals/intake/signature';
import { TRADINGVIEW_WEBHOOK_ADDRESSES } from '../../shared/contracts/bridge-security';
import { logInThroughForm, pathOf } from './support/session';
import { connectTradingPaperAccount, narrowTo400, pageOverflow, settledArtifact } from './support/screens';
import { useTraderPage } from './support/trader-page';
import { addCustomBridge, addTrigger, cellOf, listedTriggers, openBridgeMenuLink } from './support/custom-bridge-steps';

const baseUrl = inject('baseUrl');

const BRIDGE_NAME = 'Issue six';
/** The sample master's State Bank of India share on NSE. */
const SCRIPT = 'SBIN';
/** What each row of the trigger lists says it trades. */
const TRADES_SBIN = `EQUITY NSE:${SCRIPT}`;
/** How the trigger rows read ("priority: order"), as listedTriggers answers them. */
const ONE_SHARE = 'Buy 1 share at market, intraday · enters at once';
const TWO_SHARES = 'Buy 2 shares at market, intraday · enters at once';

/** A webhook POST of a plain-text TradingView-style message, as a sender would make it. */
function postWebhook(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain', ...headers }, body });
}

describe('the custom bridge in Chromium: triggers, a fired UP, the signal log, positions, an EXIT webhook', () => {
  const session = useTraderPage('Bridger');

  it('adds, connects and fills a bridge, fires UP, sees it executed with open positions, and exits them with a signed EXIT webhook', async () => {
    const { page, trader, pageErrors } = session;
    // Prepare: a paper account with trading on
    await logInThroughForm(page, baseUrl, trader);
    const main = page.locator('main');
    const account = await connectTradingPaperAccount(page);

    // Act: add a bridge; its webhook URL is shown once
    const webhookUrl = await addCustomBridge(page, BRIDGE_NAME, pageErrors);
    // Assess: a full URL on this runtime with a long random key
    expect(webhookUrl).toMatch(new RegExp(`^${baseUrl}/api/v4/users/bridge/webhook/[A-Za-z0-9_-]{22,}$`));

    // Act: connect it from the list
    const card = main.getByRole('article', { name: BRIDGE_NAME });
    const connected = card.getByRole('switch', { name: 'Connected' });
    await expect(connected.isChecked()).resolves.toBe(false);
    await card.getByText('Connected', { exact: true }).click();
    // Assess
    await expect.poll(() => connected.isChecked()).toBe(true);
    await expect(card.getByRole('switch', { name: 'Trading' }).isChecked()).resolves.toBe(true);
    await settledArtifact(page, 'custombridge-list-1280');

    // Act: open it and add an UP and a DOWN trigger on the paper account
    await card.getByRole('link', { name: BRIDGE_NAME, exact: true }).click();
    await main.getByRole('heading', { level: 2, name: BRIDGE_NAME }).waitFor();
    const bridgeUrl = page.url();
    await addTrigger(page, { direction: 'UP', account, side: 'BUY', quantity: 1, script: SCRIPT });
    await addTrigger(page, { direction: 'DOWN', account, side: 'SELL', quantity: 1, script: SCRIPT });
    // Assess
    await expect.poll(() => listedTriggers(page, 'UP')).toEqual([`1: ${ONE_SHARE}`]);
    await expect.poll(() => listedTriggers(page, 'DOWN')).toEqual(['1: Sell 1 share at market, intraday · enters at once']);
    const upList = main.getByRole('region', { name: 'UP triggers' });
    await expect(upList.getByText(TRADES_SBIN).count()).resolves.toBe(1);
    await expect(upList.getByText(`on account ${account} · no target or stop-loss`).count()).resolves.toBe(1);

    // Act: a second UP trigger (2 shares) is added last, then dragged to the top
    await addTrigger(page, { direction: 'UP', account, side: 'BUY', quantity: 2, script: SCRIPT });
    await expect.poll(() => listedTriggers(page, 'UP')).toEqual([`1: ${ONE_SHARE}`, `2: ${TWO_SHARES}`]);
    await upList.getByRole('listitem', { name: 'UP trigger 2' }).dragTo(upList.getByRole('listitem', { name: 'UP trigger 1' }));
    // Assess: the priorities follow the new order (the server's answer, shown on the page)
    await expect.poll(() => listedTriggers(page, 'UP')).toEqual([`1: ${TWO_SHARES}`, `2: ${ONE_SHARE}`]);
    // Act: and back down one place with its arrow, then up again
    await upList.getByRole('button', { name: 'Move UP trigger 1 down' }).click();
    await expect.poll(() => listedTriggers(page, 'UP')).toEqual([`1: ${ONE_SHARE}`, `2: ${TWO_SHARES}`]);
    await upList.getByRole('button', { name: 'Move UP trigger 2 up' }).click();
    await expect.poll(() => listedTriggers(page, 'UP')).toEqual([`1: ${TWO_SHARES}`, `2: ${ONE_SHARE}`]);
    await upList.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'custombridge-triggers-1280');

    // Act: open the webhook info in the same visit (the URL lives only in this visit's memory)
    await main.getByRole('link', { name: `Webhook info of ${BRIDGE_NAME}` }).click();
    await main.getByRole('heading', { level: 2, name: `${BRIDGE_NAME}: webhook` }).waitFor();
    const infoPath = pathOf(page);
    // Assess: the URL shown at creation, and an example per sender carrying it
    const urlSection = main.getByRole('region', { name: 'Webhook URL' });
    await expect(urlSection.getByLabel('Webhook URL', { exact: true }).textContent()).resolves.toBe(webhookUrl);
    const examples = main.getByRole('region', { name: 'Sending signals' });
    for (const sender of ['TradingView', 'ChartInk', 'Amibroker']) await examples.getByRole('region', { name: sender }).waitFor();
    await expect(examples.getByText(webhookUrl, { exact: false }).count()).resolves.toBeGreaterThan(0);

    // Act: require a signature; the secret is shown once
    const security = main.getByRole('region', { name: 'Webhook security' });
    const signing = security.getByRole('switch', { name: 'Require a signature' });
    await expect(signing.isChecked()).resolves.toBe(false);
    await security.getByText('Require a signature', { exact: true }).click();
    const shownSecret = security.getByRole('region', { name: 'New signing secret' });
    const secret = (await shownSecret.getByLabel('Signing secret', { exact: true }).textContent()) ?? '';
    // Assess
    await expect.poll(() => signing.isChecked()).toBe(true);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await expect(shownSecret.getByLabel('Node.js signing example', { exact: true }).textContent()).resolves.toContain(webhookUrl);

    // Act: the TradingView preset fills the allowlist, which is then left unsaved (this test posts from 127.0.0.1)
    const allowlist = security.getByRole('region', { name: 'Allowed source addresses' });
    await allowlist.getByRole('button', { name: 'TradingView addresses' }).click();
    // Assess
    await expect(allowlist.getByRole('list', { name: 'Addresses' }).getByRole('listitem').allInnerTexts()).resolves.toEqual(
      TRADINGVIEW_WEBHOOK_ADDRESSES.map((address) => `${address}\n×`),
    );
    await settledArtifact(page, 'custombridge-info-1280');
    await allowlist.getByRole('button', { name: 'Undo changes' }).click();
    await allowlist.getByText('Any address may send.').waitFor();

    // Act: back on the bridge's page, a reload reads the trigger order back from the server
    await main.getByRole('link', { name: '← Back to the bridge' }).click();
    await page.waitForURL(bridgeUrl);
    await page.reload();
    // Assess
    await expect.poll(() => listedTriggers(page, 'UP')).toEqual([`1: ${TWO_SHARES}`, `2: ${ONE_SHARE}`]);

    // Act: fire UP by hand
    await main.getByRole('button', { name: 'Fire UP now' }).click();
    const fire = page.getByRole('dialog', { name: 'Fire UP now?' });
    await fire.getByText('Runs the 2 UP triggers now, in priority order').waitFor();
    await fire.getByRole('button', { name: 'Fire UP', exact: true }).click();
    const sent = page.getByRole('dialog', { name: 'UP signal sent' });
    await sent.getByText(/is queued/).waitFor();
    await sent.getByRole('button', { name: 'Close' }).click();

    // Assess: the signal log shows it executed; its drawer has the timeline and both accounts' entries
    await openBridgeMenuLink(page, 'Signal');
    await page.waitForURL('**/platform/bridge/signal');
    // A table row on a wide screen, a card on a phone.
    const signalRow = main.getByRole('row', { name: new RegExp(`^${BRIDGE_NAME} `) }).or(main.getByRole('listitem', { name: new RegExp(`^${BRIDGE_NAME} `) }));
    await expect.poll(() => signalRow.getAttribute('data-status'), { timeout: 20_000 }).toBe('executed');
    await signalRow.click();
    const drawer = page.getByRole('dialog', { name: `Signal from ${BRIDGE_NAME}` });
    await drawer.locator('[data-status="executed"]').waitFor();
    const timeline = drawer.getByRole('list', { name: 'Timeline' });
    const events = await timeline.getByRole('listitem').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-event')));
    expect(events[0]).toBe('received');
    expect(events.at(-1)).toBe('executed');
    expect(events).toEqual(expect.arrayContaining(['picked_up', 'resolved', 'order_sent', 'order_acknowledged']));
    expect(events.filter((event) => event === 'order_acknowledged')).toHaveLength(2);
    // The worker's notes name the trigger and the account, not their ids
    await timeline.getByText(`Trigger on ${account}: BUY 2 SBIN`).waitFor();
    const results = drawer.getByRole('table', { name: 'Result per account' });
    await expect(results.getByRole('row').filter({ hasText: account }).filter({ hasText: 'entered' }).count()).resolves.toBe(2);
    const signalUrl = page.url();
    await settledArtifact(page, 'signal-drawer-1280');
    await drawer.getByRole('button', { name: 'Close signal' }).click();

    // Assess: the bridge's positions are OPEN with their entry price and P&L
    await openBridgeMenuLink(page, 'Position');
    await page.waitForURL('**/platform/bridge/position');
    const positions = main.getByRole('region', { name: BRIDGE_NAME });
    const table = positions.getByRole('table');
    const rows = table.getByRole('row', { name: new RegExp(`^${SCRIPT}\\S* BUY$`) });
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-status')))).toEqual(['OPEN', 'OPEN']);
    for (const row of await rows.all()) {
      await expect(cellOf(row, table, 'Entry avg')).resolves.toMatch(/^[\d,]+\.\d{2}$/);
      await expect(cellOf(row, table, 'P&L')).resolves.toMatch(/\d/);
    }
    // The P&L of a loss ("-₹0.35") stays on one line: the page styles the table as a live table
    const pnlColumn = (await table.getByRole('columnheader').allInnerTexts()).findIndex((header) => header.trim() === 'P&L');
    await expect(rows.first().getByRole('cell').nth(pnlColumn).evaluate((cell) => getComputedStyle(cell).whiteSpace)).resolves.toBe('nowrap');
    const quantities = await Promise.all((await rows.all()).map((row) => cellOf(row, table, 'Qty')));
    expect(quantities.sort()).toEqual(['1', '2']);
    await settledArtifact(page, 'custombridge-positions-1280');

    // Act: an unsigned EXIT is refused and stores nothing; the signed one is accepted
    const unsigned = await postWebhook(webhookUrl, 'EXIT');
    expect(unsigned.status).toBe(401);
    const signedAt = new Date();
    const accepted = await postWebhook(webhookUrl, 'EXIT', { 'x-signature': signatureHeaderOf(secret, 'EXIT', signedAt) });
    expect(accepted.status).toBe(202);
    await expect(accepted.json()).resolves.toMatchObject({ data: { signal_id: expect.stringMatching(/^[0-9a-f]{64}$/) } });

    // Assess: both positions exit
    await expect.poll(() => rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-status'))), { timeout: 20_000 }).toEqual(['EXITED', 'EXITED']);
    await settledArtifact(page, 'custombridge-positions-exited-1280');
    // Assess: the log holds the fired UP and the signed EXIT, both executed; the refused request left no trace
    await openBridgeMenuLink(page, 'Signal');
    await page.waitForURL('**/platform/bridge/signal');
    await expect.poll(() => signalRow.evaluateAll((found) => found.map((row) => row.getAttribute('data-status')))).toEqual(['executed', 'executed']);
    await settledArtifact(page, 'signal-log-1280');

    // Assess: each screen fits a phone (what matters on it scrolled into view)
    await narrowTo400(page);
    const phoneScreens: readonly { path: string; name: string; shown: Locator }[] = [
      { path: '/platform/bridge/custombridge', name: 'custombridge-list-400', shown: main.getByRole('article', { name: BRIDGE_NAME }) },
      { path: new URL(bridgeUrl).pathname, name: 'custombridge-triggers-400', shown: main.getByRole('region', { name: 'UP triggers' }) },
      { path: infoPath, name: 'custombridge-info-400', shown: main.getByRole('heading', { level: 2 }) },
      { path: '/platform/bridge/position', name: 'custombridge-positions-400', shown: positions },
      { path: '/platform/bridge/signal', name: 'signal-log-400', shown: signalRow.first() },
      { path: new URL(signalUrl).pathname + new URL(signalUrl).search, name: 'signal-drawer-400', shown: drawer.getByRole('list', { name: 'Timeline' }) },
    ];
    for (const screen of phoneScreens) {
      await page.goto(`${baseUrl}${screen.path}`);
      await screen.shown.waitFor();
      await screen.shown.scrollIntoViewIfNeeded();
      await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
      await settledArtifact(page, screen.name);
    }
    expect(pageErrors).toEqual([]);
  });
});
