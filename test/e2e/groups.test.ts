import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveArtifact } from './support/artifacts';
import { logInThroughForm, pathOf } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');

/** A NIFTY call of the sample master (strikes 23,000–25,000 around 24,000); NIFTY trades in lots of 65. */
const OPTION_QUERY = 'NIFTY 23000';
const NIFTY_LOT = 65;
/** The children: 1×, 2× and 0.5× of a 2-lot group order are 2, 4 and 1 lots. */
const MULTIPLIERS = ['1', '2', '0.5'] as const;
const EXPECTED_LOTS = [2, 4, 1] as const;
const lotsText = (lots: number) => `${lots * NIFTY_LOT} (${lots} ${lots === 1 ? 'lot' : 'lots'})`;

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

/** Connects one more paper account on the Demat page and turns its Trading switch on; answers its name. */
async function connectTradingPaperAccount(page: Page, index: number): Promise<string> {
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Connect Paper Trading' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Paper Trading' });
  await connect.getByRole('button', { name: 'Connect', exact: true }).click();
  await connect.waitFor({ state: 'detached' });
  const card = main.getByRole('article', { name: /^Paper Trading \(/ }).nth(index);
  await card.waitFor();
  await card.getByText('Trading', { exact: true }).click();
  await expect.poll(() => card.getByRole('switch', { name: 'Trading' }).isChecked()).toBe(true);
  return (await card.getAttribute('aria-label')) ?? '';
}

/** Adds the first account the group's form offers, at a multiplier, and waits for its row. */
async function addChild(page: Page, name: string, multiplier: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add account to group' });
  await form.getByLabel('Account to add').selectOption({ label: name });
  await form.getByLabel('Multiplier').fill(multiplier);
  await form.getByRole('button', { name: 'Add account' }).click();
  await page.getByRole('region', { name: 'Accounts in this group' }).getByRole('row', { name }).waitFor();
}

/** The preview's "Gets" cell of each account, in row order. */
async function previewedQuantities(ticket: Locator): Promise<string[]> {
  return ticket.getByRole('table', { name: /Each account gets/ }).getByTestId('preview-quantity').allTextContents();
}

describe('copy trading in Chromium: a group of three paper accounts', () => {
  const session = useTraderPage('Copier');

  it('places a 2-lot MARKET order on a 1× / 2× / 0.5× group, sees 2, 4 and 1 lots, and squares all off to net 0', async () => {
    const { page, trader, pageErrors } = session;
    // Prepare: three paper accounts with trading on
    await logInThroughForm(page, baseUrl, trader);
    const main = page.locator('main');
    const sidebar = page.locator('#app-sidebar');
    await sidebar.getByRole('link', { name: 'Demat', exact: true }).click();
    await page.waitForURL('**/platform/demat');
    const names: string[] = [];
    for (const index of [0, 1, 2]) names.push(await connectTradingPaperAccount(page, index));

    // Act: a group with the three accounts at 1×, 2× and 0.5×, trading on
    await sidebar.getByRole('button', { name: 'Group' }).click();
    await page.waitForURL('**/platform/group/group');
    await main.getByText(/No groups yet/).waitFor();
    await main.getByLabel('New group name').fill('Issue five');
    await main.getByRole('button', { name: 'Add group' }).click();
    await main.getByRole('article', { name: 'Issue five' }).getByRole('link', { name: 'Issue five' }).click();
    await main.getByRole('heading', { level: 3, name: 'Issue five' }).waitFor();
    const groupUrl = page.url();
    for (const [index, multiplier] of MULTIPLIERS.entries()) await addChild(page, names[index] ?? '', multiplier);
    const groupTrading = main.locator('.group-settings').getByRole('switch', { name: 'Trading', exact: true });
    await main.locator('.group-settings').getByText('Trading', { exact: true }).click();
    await expect.poll(() => groupTrading.isChecked()).toBe(true);

    // Act: a MARKET buy of 2 lots of the option from the group's ticket
    await main.getByRole('button', { name: 'Place group order' }).click();
    const picker = page.getByRole('dialog', { name: 'Group order: choose a script' });
    await picker.getByLabel('Script type').selectOption('CE');
    await picker.getByLabel('Symbol').pressSequentially(OPTION_QUERY, { delay: 30 });
    await picker.getByRole('list', { name: 'Scripts to trade' }).getByRole('button', { name: /^Trade NIFTY / }).first().click();
    const ticket = page.getByRole('dialog', { name: /^Group order: NIFTY / });
    await ticket.getByLabel('Order type').selectOption('MARKET');
    await ticket.getByLabel('Order Lot').fill('2');
    // Assess: the preview shows each account's share before anything is sent
    await expect.poll(() => previewedQuantities(ticket)).toEqual(EXPECTED_LOTS.map(lotsText));
    await settledArtifact(page, 'group-ticket-1280');
    // Act
    await ticket.getByRole('button', { name: 'Place buy order' }).click();
    // Assess: every account got its order, with its own quantity
    const result = ticket.getByTestId('group-order-result');
    await result.getByText('Group order placed on 3 of 3 accounts.').waitFor();
    for (const [index, lots] of EXPECTED_LOTS.entries()) {
      const outcome = result.getByRole('row', { name: names[index] ?? '' });
      await outcome.getByText(lotsText(lots)).waitFor();
      await expect(outcome.getAttribute('data-outcome')).resolves.toBe('placed');
    }
    await ticket.getByRole('button', { name: 'Close' }).click();

    // Assess: the group's recent orders list the three child orders with the right quantities, filled
    const recent = main.getByRole('region', { name: 'Recent group orders' });
    // Rows under a heading on a wide screen, a section of cards on a phone.
    const groupOrder = recent.getByRole('rowgroup', { name: /^Group order BUY NIFTY/ }).or(recent.getByRole('region', { name: /^Group order BUY NIFTY/ }));
    await groupOrder.waitFor();
    const symbol = /BUY (NIFTY\S+) ·/.exec((await groupOrder.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    expect(symbol).toMatch(/^NIFTY\d{2}[A-Z]{3}\d{2}23000CE$/);
    for (const [index, lots] of EXPECTED_LOTS.entries()) {
      await recent.getByRole('row', { name: `${names[index]} BUY ${lots * NIFTY_LOT} ${symbol} Completed` }).waitFor();
    }
    await settledArtifact(page, 'group-page-1280');
    await recent.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'group-orders-1280');

    // Act: open the positions
    await main.getByRole('link', { name: 'Positions' }).click();
    await main.getByRole('heading', { level: 2, name: 'Group positions' }).waitFor();
    const positionsUrl = page.url();
    const netRow = main.getByRole('region', { name: 'Net positions' }).getByRole('row', { name: `${symbol} INTRADAY` });
    // Assess: 2 + 4 + 1 lots net over the accounts, each account's own position beside it
    await expect.poll(() => netRow.getByTestId('net-quantity').textContent()).toBe(lotsText(7));
    await main.getByRole('figure', { name: 'Profit and loss by position' }).waitFor();
    for (const [index, lots] of EXPECTED_LOTS.entries()) {
      const account = main.getByRole('region', { name: names[index] ?? '' });
      await expect.poll(() => account.getByTestId('net-quantity').textContent()).toBe(lotsText(lots));
    }
    await settledArtifact(page, 'group-positions-1280');

    // Act: square off all
    await main.getByRole('button', { name: 'Square off all' }).click();
    const confirm = page.getByRole('dialog', { name: 'Square off all group positions?' });
    await confirm.getByRole('button', { name: 'Square off all' }).click();
    await confirm.waitFor({ state: 'detached' });
    // Assess: net 0
    await expect.poll(() => netRow.getByTestId('net-quantity').textContent()).toBe('0');
    await expect.poll(() => main.getByRole('button', { name: 'Square off all' }).isDisabled()).toBe(true);

    // Assess: both pages fit a phone screen
    await narrowTo400(page);
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await settledArtifact(page, 'group-positions-400');
    await page.goto(groupUrl);
    await main.getByRole('heading', { level: 3, name: 'Issue five' }).waitFor();
    await groupOrder.waitFor();
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await settledArtifact(page, 'group-page-400');
    await recent.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'group-orders-400');
    expect(pathOf(page)).toBe(new URL(groupUrl).pathname);
    expect(positionsUrl).toMatch(/\/platform\/group\/group\/[0-9A-HJKMNP-TV-Z]{26}\/positions$/);
    expect(pageErrors).toEqual([]);
  });
});
