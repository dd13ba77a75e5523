import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveArtifact } from './support/artifacts';
import { logInThroughForm, pathOf } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');

/**
 * A deep in-the-money NIFTY call of the nearest weekly expiry (the sample master's strikes run 23,000–25,000
 * around a 24,000 reference): its premium is hundreds of rupees, so a limit at half of it rests, whatever
 * the simulated market does during the test.
 */
const OPTION_QUERY = 'NIFTY 23000';
const NIFTY_LOT = 65;
const TICK = 0.05;

/** Screenshots show the screen itself: earlier toasts are dismissed and running transitions end first. */
async function settledArtifact(page: Page, name: string): Promise<void> {
  const toasts = page.getByRole('region', { name: 'Messages' }).getByRole('button');
  while ((await toasts.count()) > 0) await toasts.first().click();
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
  await saveArtifact(page, name);
}

/** A phone-sized screen; the sidebar, left open from the wide screen, becomes a drawer and is closed. */
async function narrowTo400(page: Page): Promise<void> {
  await page.setViewportSize({ width: 400, height: 800 });
  if ((await page.locator('#app-sidebar').getAttribute('data-open')) === 'true') {
    await page.locator('.app-shell__backdrop').click({ position: { x: 390, y: 400 } });
  }
  await page.locator('#app-sidebar[data-open="false"]').waitFor({ state: 'attached' });
}

function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const onTick = (price: number) => Number((Math.max(1, Math.round(price / TICK)) * TICK).toFixed(2));
const shown = (price: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price);

/** The LTP the ticket quotes ("NFO · LTP 123.45 · tick 0.05 · lot 65"), once it has arrived. */
async function quotedLtp(ticket: Locator): Promise<number> {
  const quote = ticket.getByTestId('ticket-quote');
  await expect.poll(async () => (await quote.textContent()) ?? '').toMatch(/LTP [\d,]+\.\d{2}/);
  const text = (await quote.textContent()) ?? '';
  return Number((/LTP ([\d,]+\.\d{2})/.exec(text)?.[1] ?? '').replaceAll(',', ''));
}

/** Searches the ticket's own script picker (opened from the account page) and chooses the first match. */
async function chooseOptionInPicker(page: Page): Promise<Locator> {
  const picker = page.getByRole('dialog', { name: 'Order ticket: choose a script' });
  await picker.getByLabel('Script type').selectOption('CE');
  await picker.getByLabel('Symbol').pressSequentially(OPTION_QUERY, { delay: 30 });
  await picker.getByRole('list', { name: 'Scripts to trade' }).getByRole('button', { name: /^Trade NIFTY / }).first().click();
  return page.getByRole('dialog', { name: /^Order ticket: NIFTY / });
}

describe('the order path in Chromium: ticket, book, history, positions', () => {
  const session = useTraderPage('Options');

  it('connects paper, places, modifies and cancels a limit order, fills a market order, and squares it off', async () => {
    const { page, trader, pageErrors } = session;
    // Prepare: a connected paper account with trading on
    await logInThroughForm(page, baseUrl, trader);
    const main = page.locator('main');
    await page.locator('#app-sidebar').getByRole('link', { name: 'Demat', exact: true }).click();
    await main.getByRole('button', { name: 'Connect Paper Trading' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect Paper Trading' });
    await connect.getByRole('button', { name: 'Connect', exact: true }).click();
    await connect.waitFor({ state: 'detached' });
    const card = main.getByRole('article', { name: /^Paper Trading \(/ });
    const trading = card.getByRole('switch', { name: 'Trading' });
    await card.getByText('Trading', { exact: true }).click();
    await expect.poll(() => trading.isChecked()).toBe(true);
    await card.getByRole('link', { name: /^Paper Trading \(/ }).click();
    await main.getByRole('heading', { level: 2, name: 'Demat account' }).waitFor();
    const accountUrl = page.url();
    const positions = main.getByRole('region', { name: 'Positions' });
    const book = main.getByRole('region', { name: 'Order book' });
    await positions.getByText(/No positions today/).waitFor();
    await book.getByText(/No orders today/).waitFor();
    const funds = main.getByRole('region', { name: 'Funds' });
    await funds.getByRole('button', { name: 'Refresh funds' }).click();
    await expect.poll(async () => (await funds.getByTestId('funds-available').count()) > 0).toBe(true);

    // Act: search the option on the watch list and open the ticket from the result
    await page.locator('#app-sidebar').getByRole('link', { name: 'Watch List', exact: true }).click();
    await page.waitForURL('**/platform/watchlist');
    await main.getByLabel('Script type').selectOption('CE');
    await main.getByLabel('Symbol').pressSequentially(OPTION_QUERY, { delay: 30 });
    // NIFTY's single option contracts are folded under its chain; the list is one click away.
    await main.getByRole('button', { name: 'List them here' }).click();
    const trade = main.getByRole('list', { name: 'Search results' }).getByRole('button', { name: /^Trade NIFTY / }).first();
    await trade.waitFor();
    await trade.click();
    const ticket = page.getByRole('dialog', { name: /^Order ticket: NIFTY / });
    await ticket.getByLabel('Order Lot').fill('1');
    await ticket.getByText(`1 lot × ${NIFTY_LOT} = ${NIFTY_LOT} units`).waitFor();
    const ltp = await quotedLtp(ticket);
    const farBelow = onTick(ltp * 0.5);
    await ticket.getByLabel('Price').fill(String(farBelow));
    await settledArtifact(page, 'order-ticket-1280');
    await ticket.getByRole('button', { name: 'Place buy order' }).click();
    // Assess: the limit order rests at the broker
    const result = ticket.getByTestId('ticket-result');
    await expect.poll(() => result.getAttribute('data-status')).toBe('pending');
    const symbol = /BUY \d+ (\S+) LIMIT/.exec((await result.textContent()) ?? '')?.[1] ?? '';
    expect(symbol).toMatch(/^NIFTY\d{2}[A-Z]{3}\d{2}23000CE$/);
    await ticket.getByRole('button', { name: 'Close' }).click();

    // Act: modify its price on the account's order book
    await page.goto(accountUrl);
    const resting = book.getByRole('row', { name: `BUY ${NIFTY_LOT} ${symbol} Pending` });
    await resting.getByText(shown(farBelow)).waitFor();
    await resting.getByRole('button', { name: `Modify BUY ${NIFTY_LOT} ${symbol}` }).click();
    const modify = page.getByRole('dialog', { name: `Modify BUY ${symbol}` });
    const lower = onTick(farBelow - 1);
    await modify.getByLabel('Price').fill(String(lower));
    await modify.getByRole('button', { name: 'Modify order' }).click();
    // Assess
    await modify.waitFor({ state: 'detached' });
    await resting.getByText(shown(lower)).waitFor();
    await book.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'demat-order-book-1280');

    // Act: cancel it
    await resting.getByRole('button', { name: `Cancel BUY ${NIFTY_LOT} ${symbol}` }).click();
    await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
    // Assess
    await book.getByRole('row', { name: `BUY ${NIFTY_LOT} ${symbol} Cancelled` }).waitFor();
    await expect(resting.count()).resolves.toBe(0);

    // Act: a MARKET buy of the same option from the account page's own ticket
    await main.getByRole('button', { name: 'Place order' }).click();
    const marketTicket = await chooseOptionInPicker(page);
    await marketTicket.getByLabel('Order type').selectOption('MARKET');
    await marketTicket.getByLabel('Order Lot').fill('1');
    await marketTicket.getByRole('button', { name: 'Place buy order' }).click();
    // Assess: it fills at once
    await expect.poll(() => marketTicket.getByTestId('ticket-result').getAttribute('data-status')).toBe('completed');
    await marketTicket.getByRole('button', { name: 'Close' }).click();

    // Assess: the order history lists it as completed
    await page.locator('#app-sidebar').getByRole('link', { name: 'Order History', exact: true }).click();
    await page.waitForURL('**/platform/orderhistory');
    const history = main.getByRole('row', { name: `Order ${symbol} BUY ${NIFTY_LOT}` });
    await history.filter({ hasText: 'MARKET' }).filter({ hasText: 'Completed' }).waitFor();
    await history.filter({ hasText: 'LIMIT' }).filter({ hasText: 'Cancelled' }).waitFor();

    // Assess: the account page shows the position, with its P&L charted
    await page.goto(accountUrl);
    const position = positions.getByRole('row', { name: `${symbol} INTRADAY` });
    await expect.poll(async () => position.getByTestId('net-quantity').textContent()).toBe(`${NIFTY_LOT} (1 lot)`);
    await positions.getByRole('figure', { name: 'Profit and loss by position' }).waitFor();
    await positions.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'demat-account-trading-1280');

    // Act: square it off
    await position.getByRole('button', { name: `Square off ${symbol} INTRADAY` }).click();
    const confirm = page.getByRole('dialog', { name: `Square off ${symbol}?` });
    await confirm.getByText(`A MARKET SELL order for ${NIFTY_LOT} units`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Square off' }).click();
    // Assess: the net quantity is 0 and the closing sell is in the book
    await expect.poll(async () => position.getByTestId('net-quantity').textContent()).toBe('0');
    await position.getByText('Closed').waitFor();
    await book.getByRole('row', { name: `SELL ${NIFTY_LOT} ${symbol} Completed` }).waitFor();

    // Assess: the page and the ticket fit a phone screen
    await narrowTo400(page);
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await positions.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'demat-account-trading-400');
    await main.getByRole('button', { name: 'Place order' }).click();
    const phoneTicket = await chooseOptionInPicker(page);
    await quotedLtp(phoneTicket);
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await settledArtifact(page, 'order-ticket-400');
    await phoneTicket.getByRole('button', { name: 'Close' }).click();
    expect(pathOf(page)).toMatch(/^\/platform\/demat\/[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(pageErrors).toEqual([]);
  });
});
