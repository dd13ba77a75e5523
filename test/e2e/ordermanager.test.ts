import { describe, expect, inject, it } from 'vitest';
import { logInThroughForm, pathOf } from './support/session';
import { cellText, connectTradingPaperAccount, narrowTo400, pageOverflow, settledArtifact } from './support/screens';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const GROUP = 'Hand entries';

describe('the order manager in Chromium: a hand-made position entered and exited on paper', () => {
  const session = useTraderPage('Manager');

  it('adds a DIRECT MARKET position on NSE:SBIN, enters it (OPEN at a price), exits it (EXITED)', async () => {
    const { page, trader, pageErrors } = session;
    // Prepare: a paper account with trading on, and an order group
    await logInThroughForm(page, baseUrl, trader);
    await connectTradingPaperAccount(page);
    const main = page.locator('main');
    await page.locator('#app-sidebar').getByRole('link', { name: 'Order Manager', exact: true }).click();
    await page.waitForURL('**/ordermanager');
    await main.getByText(/No order groups yet/).waitFor();
    await main.getByRole('button', { name: 'Add order group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Add order group' });
    await groupDialog.getByLabel('Order group name').fill(GROUP);
    await groupDialog.getByRole('button', { name: 'Add order group' }).click();
    await groupDialog.waitFor({ state: 'detached' });
    const group = main.getByRole('article', { name: GROUP });
    await group.getByText(/No positions yet/).waitFor();

    // Act: add a DIRECT MARKET buy of NSE:SBIN through the dialog
    await group.getByRole('button', { name: 'Add position' }).click();
    const picker = page.getByRole('dialog', { name: 'Add position: choose a script' });
    await picker.getByLabel('Symbol').pressSequentially('SBIN', { delay: 30 });
    await picker.getByRole('list', { name: 'Scripts to trade' }).getByRole('listitem').filter({ has: page.getByText('NSE:SBIN', { exact: true }) }).getByRole('button').click();
    const positionDialog = page.getByRole('dialog', { name: /^Add position: SBIN/ });
    const form = positionDialog.getByRole('form', { name: 'Add position' });
    await expect(form.getByLabel('Order type').inputValue()).resolves.toBe('MARKET');
    await expect(form.getByLabel('Entry').inputValue()).resolves.toBe('DIRECT');
    await settledArtifact(page, 'ordermanager-add-position-1280');
    await form.getByRole('button', { name: 'Add position' }).click();
    await positionDialog.waitFor({ state: 'detached' });
    // Assess: it waits for the user
    const row = group.getByRole('row', { name: 'SBIN BUY' });
    await expect.poll(() => row.getAttribute('data-status')).toBe('WAITING');
    expect(await cellText(row, 'script')).toBe('SBINNSE · INTRADAY');

    // Act: enter it
    await row.getByRole('button', { name: 'Enter SBIN' }).click();
    await page.getByRole('dialog', { name: 'Enter SBIN?' }).getByRole('button', { name: 'Enter', exact: true }).click();
    // Assess: OPEN at the fill's price, with a P&L at the live price
    await expect.poll(() => row.getAttribute('data-status')).toBe('OPEN');
    await expect.poll(() => cellText(row, 'entry-avg')).toMatch(/^\d+\.\d{2}$/);
    await expect.poll(() => cellText(row, 'ltp')).toMatch(/^\d+\.\d{2}$/);
    await expect.poll(() => cellText(row, 'pnl')).toMatch(/\d/);
    await group.getByTestId('group-total-pnl').getByText('live').waitFor();
    await group.getByRole('button', { name: 'Exit all' }).waitFor();
    await settledArtifact(page, 'ordermanager-open-1280');

    // Act: exit it
    await row.getByRole('button', { name: 'Exit SBIN' }).click();
    await page.getByRole('dialog', { name: 'Exit SBIN?' }).getByRole('button', { name: 'Exit', exact: true }).click();
    // Assess: EXITED by the user's (TRADING) leg, its P&L realised, no exit left to offer
    await expect.poll(() => row.getAttribute('data-status')).toBe('EXITED');
    await expect.poll(() => row.getByTestId('exit-leg').getAttribute('data-leg')).toBe('TRADING');
    await expect(row.getByRole('button', { name: 'Exit SBIN' }).count()).resolves.toBe(0);
    // The row takes the answer at once; the group's all-actions come with the list read right after.
    await expect.poll(() => group.getByRole('button', { name: 'Exit all' }).count()).toBe(0);
    expect(await cellText(row, 'pnl')).toMatch(/\d/);
    await settledArtifact(page, 'ordermanager-exited-1280');

    // Assess: the page fits a phone screen (the table scrolls inside its own box)
    await narrowTo400(page);
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await group.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'ordermanager-exited-400');
    expect(pathOf(page)).toBe('/platform/ordermanager');
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
