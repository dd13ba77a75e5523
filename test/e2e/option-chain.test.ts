import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { connectTradingPaperAccount, narrowTo400, pageOverflow, settledArtifact } from './support/screens';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const NIFTY_LOT = 65;

/** Watch List → type NIFTY → the offered chain, open on its nearest expiry with the ATM row shown. */
async function openNiftyChain(page: Page): Promise<Locator> {
  const main = page.locator('main');
  await page.goto(`${baseUrl}/platform/watchlist`);
  await main.getByLabel('Symbol').pressSequentially('NIFTY', { delay: 30 });
  await main.getByRole('list', { name: 'Option chains' }).getByRole('button', { name: 'Open the NIFTY option chain' }).click();
  const chain = page.getByRole('dialog', { name: 'Option chain: NIFTY' });
  await chain.locator('tr[data-atm="true"]').waitFor();
  return chain;
}

/** The chart dialog once its canvas is drawn. */
async function chartDrawn(page: Page, name: RegExp): Promise<Locator> {
  const chart = page.getByRole('dialog', { name });
  await chart.locator('.price-chart__canvas canvas').first().waitFor();
  await chart.getByTestId('last-candle').waitFor();
  return chart;
}

describe('option chain and price chart in Chromium', () => {
  const session = useTraderPage('Chains');

  it('the option chain places an order from a cell, and the chart shows it', async () => {
    const { page, trader, pageErrors } = session;
    // Prepare: a connected paper account with trading on
    await logInThroughForm(page, baseUrl, trader);
    await connectTradingPaperAccount(page);

    // Act: search NIFTY, open the offered chain
    const chain = await openNiftyChain(page);
    const atm = chain.locator('tr[data-atm="true"]');
    await expect(atm.getByRole('rowheader').textContent()).resolves.toMatch(/^[\d,]+ATM$/);
    await expect(chain.getByLabel('Expiry').locator('option').first().textContent()).resolves.toMatch(/^\d{2}-\d{2}-\d{4} \(nearest\)$/);
    await settledArtifact(page, 'option-chain-1280');
    // Act: buy the ATM call from its cell
    const buy = atm.getByRole('button', { name: /^Buy NIFTY .* CE$/ });
    const contract = ((await buy.getAttribute('aria-label')) ?? '').replace(/^Buy /, '');
    await buy.click();
    const ticket = page.getByRole('dialog', { name: `Order ticket: ${contract}` });
    // Assess: the ticket trades that contract in lots
    await ticket.getByLabel('Order Lot').fill('1');
    await ticket.getByText(`1 lot × ${NIFTY_LOT} = ${NIFTY_LOT} units`).waitFor();
    await ticket.getByLabel('Order type').selectOption('MARKET');
    await ticket.getByRole('button', { name: 'Place buy order' }).click();
    const result = ticket.getByTestId('ticket-result');
    await expect.poll(() => result.getAttribute('data-status')).toBe('completed');
    const symbol = /BUY \d+ (\S+) MARKET/.exec((await result.textContent()) ?? '')?.[1] ?? '';
    expect(symbol).toMatch(/^NIFTY\d{2}[A-Z]{3}\d{2}\d+CE$/);
    await ticket.getByRole('button', { name: 'Close' }).click();
    await ticket.waitFor({ state: 'detached' });

    // Act: the contract's chart, from its price in the chain
    await atm.getByRole('button', { name: new RegExp(`^Chart of ${contract}`) }).click();
    const chart = await chartDrawn(page, new RegExp(`^Price chart: ${contract}$`));
    // Assess: the order just placed is on it
    await chart.getByRole('list', { name: 'Your orders on the chart' }).getByText(/^Buy 1 lot @ [\d,]+\.\d{2}/).waitFor();
    await settledArtifact(page, 'price-chart-1280');
    await chart.getByRole('button', { name: '15 minutes' }).click();
    await chart.getByText(/15-minute candles/).waitFor();
    await page.keyboard.press('Escape');
    await chart.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await chain.waitFor({ state: 'detached' });

    // Assess: the order appears in the order history, and its position offers the chart too
    const main = page.locator('main');
    await page.locator('#app-sidebar').getByRole('link', { name: 'Order History', exact: true }).click();
    await page.waitForURL('**/platform/orderhistory');
    await main.getByRole('row', { name: `Order ${symbol} BUY ${NIFTY_LOT}` }).filter({ hasText: 'Completed' }).waitFor();
    await page.locator('#app-sidebar').getByRole('link', { name: 'Demat', exact: true }).click();
    await main.getByRole('link', { name: /^Paper Trading \(/ }).click();
    const position = main.getByRole('region', { name: 'Positions' }).getByRole('row', { name: `${symbol} INTRADAY` });
    await position.getByRole('button', { name: `Chart of ${symbol} INTRADAY` }).click();
    const positionChart = await chartDrawn(page, new RegExp(`^Price chart: ${symbol}$`));
    await positionChart.getByRole('list', { name: 'Your orders on the chart' }).getByText(/^Buy 1 lot/).waitFor();
    await page.keyboard.press('Escape');

    // Assess: on a phone the chain and the chart fit the screen
    await narrowTo400(page);
    const phoneChain = await openNiftyChain(page);
    await phoneChain.locator('tr[data-atm="true"]').getByRole('button', { name: /^Buy NIFTY .* CE$/ }).waitFor();
    await settledArtifact(page, 'option-chain-400');
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    const table = phoneChain.locator('.option-chain__scroll');
    await expect(table.evaluate((element) => element.scrollWidth - element.clientWidth)).resolves.toBeLessThanOrEqual(0);
    await phoneChain.locator('tr[data-atm="true"]').getByRole('button', { name: /^Chart of NIFTY .* CE/ }).click();
    await chartDrawn(page, /^Price chart: NIFTY .* CE$/);
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await settledArtifact(page, 'price-chart-400');
    expect(pageErrors).toEqual([]);
  });
});
