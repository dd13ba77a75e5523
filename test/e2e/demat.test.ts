import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { registerOrdinaryUser, type Credentials } from './support/accounts';
import { saveArtifact } from './support/artifacts';
import { collectPageErrors, launchChromium } from './support/browser';
import { logInThroughForm, pathOf } from './support/session';

const baseUrl = inject('baseUrl');

/** Screenshots wait for running transitions (buttons fade their colours) to end. */
async function settledArtifact(page: Page, name: string): Promise<void> {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
  await saveArtifact(page, name);
}

/** A phone-sized screen; the sidebar, left open from the wide screen, becomes a drawer and is closed. */
async function narrowTo400(page: Page): Promise<void> {
  await page.setViewportSize({ width: 400, height: 800 });
  if ((await page.locator('#app-sidebar').getAttribute('data-open')) === 'true') {
    // The open drawer covers the top bar's toggle; a tap beside it closes it.
    await page.locator('.app-shell__backdrop').click({ position: { x: 390, y: 400 } });
  }
  await page.locator('#app-sidebar[data-open="false"]').waitFor({ state: 'attached' });
}

/** How far the page is wider than the screen (0 or less: no sideways scrolling of the whole page). */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A 26-character account id (ULID) at the end of /platform/demat/{broker_id}. */
const ACCOUNT_PATH = /^\/platform\/demat\/[0-9A-HJKMNP-TV-Z]{26}$/;

describe('demat and watch list in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let trader: Credentials;

  beforeAll(async () => {
    browser = await launchChromium(inject('chromiumPath'));
    trader = await registerOrdinaryUser(baseUrl, 'Demat');
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
  });

  afterEach(async () => {
    await context?.close();
  });

  it('connects a paper account, opens its page and comes back', async () => {
    // Prepare
    await logInThroughForm(page, baseUrl, trader);
    const sidebar = page.locator('#app-sidebar');
    // Act
    await sidebar.getByRole('link', { name: 'Demat', exact: true }).click();
    // Assess
    await page.waitForURL('**/platform/demat');
    const main = page.locator('main');
    await main.getByText(/No broker accounts yet/).waitFor();
    for (const name of ['Upstox', 'Fyers', 'Dhan']) await main.getByRole('article', { name }).getByRole('button', { name: `Connect ${name}` }).waitFor();

    // Act
    await main.getByRole('button', { name: 'Connect Paper Trading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Paper Trading' });
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    // Assess
    await dialog.waitFor({ state: 'detached' });
    const card = main.getByRole('article', { name: /^Paper Trading \(/ });
    await card.getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Messages' }).getByText(/connected\.$/).waitFor();
    const trading = card.getByRole('switch', { name: 'Trading' });
    await expect(trading.isChecked()).resolves.toBe(false);

    // Act
    await card.getByText('Trading', { exact: true }).click();
    // Assess
    await expect.poll(() => trading.isChecked()).toBe(true);
    await settledArtifact(page, 'demat-1280');

    // Act
    await main.getByRole('button', { name: 'Table' }).click();
    // Assess
    await main.getByRole('row', { name: /^Paper Trading \(/ }).waitFor();
    await expect(main.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await main.getByRole('region', { name: 'Your accounts' }).scrollIntoViewIfNeeded();
    await settledArtifact(page, 'demat-table-1280');

    // Act
    await main.getByRole('row', { name: /^Paper Trading \(/ }).getByRole('link').click();
    // Assess
    await main.getByRole('heading', { level: 2, name: 'Demat account' }).waitFor();
    expect(pathOf(page)).toMatch(ACCOUNT_PATH);
    await main.getByRole('heading', { level: 3, name: /^Paper Trading \(/ }).waitFor();
    await main.getByText('Connected', { exact: true }).waitFor();
    await main.getByRole('region', { name: 'Positions' }).getByText(/No positions today/).waitFor();
    await settledArtifact(page, 'demat-account-1280');

    // Act
    await main.getByRole('link', { name: '← Back to Demat' }).click();
    // Assess
    await page.waitForURL('**/platform/demat');
    await main.getByRole('row', { name: /^Paper Trading \(/ }).waitFor();

    // Act
    await narrowTo400(page);
    await main.getByRole('button', { name: 'Cards' }).click();
    // Assess
    await main.getByRole('article', { name: /^Paper Trading \(/ }).scrollIntoViewIfNeeded();
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await settledArtifact(page, 'demat-400');
    expect(pageErrors).toEqual([]);
  });

  it('finds NIFTY, adds it to the watch list with a live price, and removes it', async () => {
    // Prepare
    await logInThroughForm(page, baseUrl, trader);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Watch List', exact: true }).click();
    await page.waitForURL('**/platform/watchlist');
    const main = page.locator('main');
    await main.getByText(/Your watch list is empty/).waitFor();
    // Act
    await main.getByLabel('Script type').selectOption('FUT');
    await main.getByLabel('Symbol').pressSequentially('NIFTY', { delay: 40 });
    const results = main.getByRole('list', { name: 'Search results' });
    const firstAdd = results.getByRole('button', { name: /^Add NIFTY / }).first();
    await firstAdd.waitFor();
    const scriptName = ((await firstAdd.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
    await firstAdd.click();
    // Assess
    // A table row on a wide screen, a card on a phone.
    const row = main.getByRole('row', { name: scriptName }).or(main.getByRole('listitem', { name: scriptName }));
    await row.waitFor();
    const price = (await row.getByTestId('ltp').textContent()) ?? '';
    expect(price).toMatch(/^[\d,]+\.\d{2}$/);
    expect(Number(price.replaceAll(',', ''))).toBeGreaterThan(0);
    await row.getByText('Order Lot', { exact: false }).waitFor();
    await settledArtifact(page, 'watchlist-1280');

    // Act
    await narrowTo400(page);
    // Assess
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await row.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'watchlist-400');

    // Act
    await row.getByRole('button', { name: `Remove ${scriptName}` }).click();
    // Assess
    await row.waitFor({ state: 'detached' });
    await main.getByText(/Your watch list is empty/).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
