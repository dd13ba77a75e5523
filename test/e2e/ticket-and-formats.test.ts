import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveArtifact } from './support/artifacts';
import { connectTradingPaperAccount, narrowTo400, settledArtifact } from './support/screens';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');

/**
 * Issue 16 in Chromium, defects 4–7: the ticket needs "Place another" before a second order, the Funds
 * card reads the broker again after each order, a ticket opened from a watch-list row closes on Escape,
 * date fields show dd-MM-yyyy in an en-US browser, toasts leave the top bar visible, and plain links take
 * the theme's accent.
 */

/** dd-MM-yyyy of a payload date yyyy-MM-dd. */
const displayOf = (payload: string) => payload.split('-').reverse().join('-');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

async function openAccountPage(page: Page): Promise<Locator> {
  const main = page.locator('main');
  await page.locator('#app-sidebar').getByRole('link', { name: 'Demat', exact: true }).click();
  await page.waitForURL('**/platform/demat');
  await main.getByRole('article', { name: /^Paper Trading \(/ }).getByRole('link', { name: /^Paper Trading \(/ }).click();
  await main.getByRole('heading', { level: 2, name: 'Demat account' }).waitFor();
  return main;
}

/** The top bar's bell, credit badge and avatar must stay uncovered by the toasts shown now. */
async function expectToastsBesideTopBar(page: Page): Promise<void> {
  const toast = page.getByRole('region', { name: 'Messages' }).locator('.toast').first();
  await toast.waitFor();
  const toastBox = await boxOf(toast);
  const topBar = page.locator('header.top-bar');
  for (const control of [topBar.getByRole('button', { name: /^Notifications/ }), topBar.getByRole('link', { name: /^Credit / }), topBar.getByRole('button', { name: 'Profile menu' })]) {
    expect(overlaps(toastBox, await boxOf(control))).toBe(false);
  }
  expect(toastBox.y).toBeGreaterThanOrEqual((await boxOf(topBar)).y + (await boxOf(topBar)).height);
}

describe('ticket, funds, dates, toasts and links in Chromium', () => {
  const session = useTraderPage('Ticket');

  it('closes a ticket opened from a watch-list row with Escape, and names search results plainly', async () => {
    const { page, trader, pageErrors } = session;
    // Prepare
    await logInThroughForm(page, baseUrl, trader);
    await connectTradingPaperAccount(page);
    const main = page.locator('main');
    await page.locator('#app-sidebar').getByRole('link', { name: 'Watch List', exact: true }).click();
    await page.waitForURL('**/platform/watchlist');
    await main.getByLabel('Script type').selectOption('EQ');
    await main.getByLabel('Symbol').pressSequentially('SBIN', { delay: 40 });
    const results = main.getByRole('list', { name: 'Search results' });
    const add = results.getByRole('button', { name: /^Add SBIN/ }).first();
    await add.waitFor();
    // Assess: an equity's result says its id and nothing about "Quantity"
    await results.getByText('NSE:SBIN', { exact: true }).first().waitFor();
    expect(await results.getByText(/Quantity/).count()).toBe(0);
    // Act
    const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
    await add.click();
    const row = main.getByRole('row', { name });
    await row.waitFor();
    // The watch list opened afresh, as a trader comes to it: the ticket opens before the accounts are read
    await page.reload();
    await row.getByRole('button', { name: `Trade ${name}` }).click();
    const ticket = page.getByRole('dialog', { name: /^Order ticket: / });
    await ticket.waitFor();
    // Assess: focus is in the ticket, so Escape reaches it
    expect(await page.evaluate(() => Boolean(document.querySelector('[role="dialog"]')?.contains(document.activeElement)))).toBe(true);
    // Act
    await page.keyboard.press('Escape');
    // Assess
    await ticket.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it('needs "Place another" before a second order, and the Funds card reads the broker again after each', async () => {
    const { page, pageErrors } = session;
    const placed: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/placeorder')) placed.push(request.url());
    });
    // Prepare
    const main = await openAccountPage(page);
    const funds = main.getByRole('region', { name: 'Funds' });
    await funds.getByTestId('funds-used').waitFor();
    const usedBefore = await funds.getByTestId('funds-used').textContent();
    await expect.poll(() => funds.getByTestId('funds-age').textContent()).toBe('(just now)');
    // Act: the ticket's first step has its own Close
    await main.getByRole('button', { name: 'Place order' }).click();
    const picker = page.getByRole('dialog', { name: 'Order ticket: choose a script' });
    await picker.getByRole('button', { name: 'Close', exact: true }).waitFor();
    await settledArtifact(page, 'ticket-choose-script-1280');
    await picker.getByLabel('Script type').selectOption('EQ');
    await picker.getByLabel('Symbol').pressSequentially('SBIN', { delay: 30 });
    await picker.getByRole('list', { name: 'Scripts to trade' }).getByRole('button', { name: /^Trade SBIN/ }).first().click();
    const ticket = page.getByRole('dialog', { name: /^Order ticket: / });
    await ticket.getByRole('form', { name: 'Order ticket' }).waitFor();
    await ticket.getByLabel('Order type').selectOption('MARKET');
    await ticket.getByLabel('Quantity').fill('2');
    await ticket.getByRole('button', { name: 'Place buy order' }).click();
    // Assess: the result, no Place button, the fields locked, and fresh funds behind the dialog
    const another = ticket.getByRole('button', { name: 'Place another' });
    await another.waitFor();
    await ticket.getByTestId('ticket-result').waitFor();
    expect(await ticket.getByRole('button', { name: 'Place buy order' }).count()).toBe(0);
    expect(await ticket.getByLabel('Quantity').isDisabled()).toBe(true);
    await expect.poll(() => funds.getByTestId('funds-used').textContent()).not.toBe(usedBefore);
    const usedAfterFirst = await funds.getByTestId('funds-used').textContent();
    await settledArtifact(page, 'ticket-place-another-1280');
    // Act: Escape closes the done ticket, with nothing more sent
    await page.keyboard.press('Escape');
    await ticket.waitFor({ state: 'detached' });
    // Assess
    expect(placed).toHaveLength(1);

    // Act: a second order from a fresh ticket, then "Place another" and a third
    await main.getByRole('button', { name: 'Place order' }).click();
    await picker.getByLabel('Script type').selectOption('EQ');
    await picker.getByLabel('Symbol').pressSequentially('SBIN', { delay: 30 });
    await picker.getByRole('list', { name: 'Scripts to trade' }).getByRole('button', { name: /^Trade SBIN/ }).first().click();
    await ticket.getByRole('form', { name: 'Order ticket' }).waitFor();
    await ticket.getByLabel('Order type').selectOption('MARKET');
    await ticket.getByLabel('Quantity').fill('1');
    const place = ticket.getByRole('button', { name: 'Place buy order' });
    await place.dblclick();
    await another.waitFor();
    // Assess: a double click placed one order
    expect(placed).toHaveLength(2);
    await expect.poll(() => funds.getByTestId('funds-used').textContent()).not.toBe(usedAfterFirst);
    // Act
    await another.click();
    await place.click();
    await another.waitFor();
    // Assess
    expect(placed).toHaveLength(3);
    await ticket.getByRole('button', { name: 'Close', exact: true }).click();
    expect(pageErrors).toEqual([]);
  });

  it('shows and takes history dates as dd-MM-yyyy in an en-US browser, and sends yyyy-MM-dd', async () => {
    const { page, pageErrors } = session;
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const main = page.locator('main');
    const history = (request: { url: () => string; method: () => string }) => request.method() === 'POST' && request.url().endsWith('/users/getindividualorderhistory');
    // Act
    const first = page.waitForRequest(history);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Order History', exact: true }).click();
    const sent = JSON.parse((await first).postData() ?? '{}') as { from_date: string; to_date: string };
    // Assess
    const from = main.getByLabel('From', { exact: true });
    const to = main.getByLabel('To', { exact: true });
    expect(await from.getAttribute('type')).toBe('text');
    expect(await from.inputValue()).toBe(displayOf(sent.from_date));
    expect(await to.inputValue()).toBe(displayOf(sent.to_date));
    expect(await from.inputValue()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    await settledArtifact(page, 'order-history-dates-1280');
    // Act: typing the digits of the last day only; the dashes come by themselves
    await from.fill('');
    await from.pressSequentially(displayOf(sent.to_date).replaceAll('-', ''), { delay: 20 });
    expect(await from.inputValue()).toBe(displayOf(sent.to_date));
    const next = page.waitForRequest(history);
    await main.getByRole('button', { name: 'Show', exact: true }).click();
    // Assess
    expect(JSON.parse((await next).postData() ?? '{}')).toMatchObject({ from_date: sent.to_date, to_date: sent.to_date });
    // The calendar button opens the browser's calendar without an error
    await main.getByRole('button', { name: 'Pick the From date on a calendar' }).click();
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });

  it('keeps toasts below the top bar at 1280 px and 400 px, and gives plain links the theme accent', async () => {
    const { page, pageErrors } = session;
    // Prepare
    const main = await openAccountPage(page);
    // Assess: the back link is the theme's link colour, not the browser's blue or purple, and not underlined
    const back = main.getByRole('link', { name: '← Back to Demat' });
    const [linkColour, themeColour, decoration] = await back.evaluate((link) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--amplify-components-link-color)';
      link.parentElement?.append(probe);
      const colours = [getComputedStyle(link).color, getComputedStyle(probe).color, getComputedStyle(link).textDecorationLine];
      probe.remove();
      return colours;
    });
    expect(linkColour).toBe(themeColour);
    expect(['rgb(0, 0, 238)', 'rgb(85, 26, 139)']).not.toContain(linkColour);
    expect(decoration).toBe('none');
    // Act
    await main.getByRole('region', { name: 'Funds' }).getByRole('button', { name: 'Refresh funds' }).click();
    // Assess
    await expectToastsBesideTopBar(page);
    await saveArtifact(page, 'toast-below-top-bar-1280');
    // Act
    await narrowTo400(page);
    await main.getByRole('region', { name: 'Funds' }).getByRole('button', { name: 'Refresh funds' }).click();
    // Assess
    await expectToastsBesideTopBar(page);
    await saveArtifact(page, 'toast-below-top-bar-400');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(pageErrors).toEqual([]);
  });
});
