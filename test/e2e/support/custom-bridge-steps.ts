import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Steps through the custom bridge screens that more than one Chromium flow takes. */

/** Opens a sidebar link under the Bridge menu (opening the menu first when it is shut). */
export async function openBridgeMenuLink(page: Page, name: string): Promise<void> {
  const sidebar = page.locator('#app-sidebar');
  const link = sidebar.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) {
    // The menu's first click opens its first page (spec §2): let that navigation finish before the next,
    // so a late render of it cannot replace the page the test is filling in.
    await sidebar.getByRole('button', { name: 'Bridge' }).click();
    await page.waitForURL('**/platform/bridge/jsonbridge');
    await page.locator('main').getByRole('heading', { level: 2, name: 'Json Bridge', exact: true }).waitFor();
  }
  await link.click();
}

/**
 * Adds a custom bridge by name on the Custom Bridge page and answers the webhook URL its "added" dialog
 * shows once (the dialog is then closed). `pageErrors` go into the failure when the dialog never comes.
 */
export async function addCustomBridge(page: Page, name: string, pageErrors: readonly string[]): Promise<string> {
  const main = page.locator('main');
  await openBridgeMenuLink(page, 'Custom Bridge');
  await page.waitForURL('**/platform/bridge/custombridge');
  // The router navigates in a transition: the URL changes at once, and the Json Bridge page (which also
  // reads "No bridges yet" and has a "New bridge name" field) stays until the Custom Bridge page has
  // loaded. Filling that field would lose the name when the new page replaced it.
  await main.getByRole('heading', { level: 2, name: 'Custom Bridge', exact: true }).waitFor();
  const addForm = main.getByRole('form', { name: 'Add bridge', exact: true });
  const nameField = addForm.getByLabel('New bridge name');
  await nameField.fill(name);
  await expect.poll(() => nameField.inputValue()).toBe(name);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v4/')) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await addForm.getByRole('button', { name: 'Add bridge' }).click();
  const added = page.getByRole('dialog', { name: `Bridge ${name} added` });
  // When the dialog does not come, say what the page shows instead (a refusal on the form, an error) and what it asked the API.
  await added.waitFor().catch(async (error: unknown) => {
    throw new Error(`The "added" dialog did not appear (${String(error)}); the page reads: ${await main.innerText()}; API calls since the click: ${calls.join(', ')}; page errors: ${pageErrors.join(' | ')}`);
  });
  const webhookUrl = (await added.getByLabel('Webhook URL', { exact: true }).textContent()) ?? '';
  await added.getByRole('button', { name: 'I have copied it' }).click();
  await added.waitFor({ state: 'detached' });
  return webhookUrl;
}

/** Switches a listed bridge's Connected switch on and opens the bridge's own page. */
export async function connectAndOpenBridge(page: Page, name: string): Promise<void> {
  const main = page.locator('main');
  const card = main.getByRole('article', { name });
  const connected = card.getByRole('switch', { name: 'Connected' });
  await card.getByText('Connected', { exact: true }).click();
  await expect.poll(() => connected.isChecked()).toBe(true);
  await card.getByRole('link', { name, exact: true }).click();
  await main.getByRole('heading', { level: 2, name }).waitFor();
}

export interface TriggerChoice {
  direction: 'UP' | 'DOWN';
  account: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  /** The symbol it always trades, or null for the symbols each alert names. */
  script: string | null;
}

/** What the trigger form's "Symbol source" calls the alert's symbols. */
const ALERT_SYMBOLS_CHOICE = "The alert's symbols (ChartInk scan, TradingView {{ticker}})";

/** Adds an equity MARKET INTRADAY trigger with a DIRECT entry on the account (NSE), through the trigger dialog. */
export async function addTrigger(page: Page, choice: TriggerChoice): Promise<void> {
  const list = page.locator('main').getByRole('region', { name: `${choice.direction} triggers` });
  await list.getByRole('button', { name: `Add ${choice.direction} trigger` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${choice.direction} trigger` });
  await dialog.getByLabel('Trades on', { exact: true }).selectOption({ label: 'One broker account' });
  await dialog.getByLabel('Account', { exact: true }).selectOption({ label: choice.account });
  await dialog.getByLabel('Script type', { exact: true }).selectOption('EQUITY');
  if (choice.script === null) await dialog.getByLabel('Symbol source', { exact: true }).selectOption({ label: ALERT_SYMBOLS_CHOICE });
  else await dialog.getByLabel('Symbol', { exact: true }).fill(choice.script);
  await dialog.getByLabel('Exchange', { exact: true }).selectOption('NSE');
  await dialog.getByLabel('Side', { exact: true }).selectOption(choice.side);
  await dialog.getByLabel('Product', { exact: true }).selectOption('INTRADAY');
  await dialog.getByLabel('Order type', { exact: true }).selectOption('MARKET');
  await dialog.getByLabel('Entry', { exact: true }).selectOption('DIRECT');
  await dialog.getByLabel('Quantity', { exact: true }).fill(String(choice.quantity));
  await dialog.getByRole('button', { name: 'Add trigger' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Each row of a direction's list as "priority: order", top to bottom. */
export async function listedTriggers(page: Page, direction: 'UP' | 'DOWN'): Promise<string[]> {
  const rows = page.locator('main').getByRole('region', { name: `${direction} triggers` }).getByRole('listitem');
  const texts: string[] = [];
  for (const row of await rows.all()) {
    const priority = (await row.locator('.trigger-row__priority').textContent()) ?? '';
    const summary = (await row.locator('.trigger-row__summary').innerText()).split('\n').filter(Boolean);
    texts.push(`${priority}: ${summary[1] ?? ''}`);
  }
  return texts;
}

/** The text of one column of a table row, by the column's header. */
export async function cellOf(row: Locator, table: Locator, header: string): Promise<string> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return (await row.getByRole('cell').nth(index).innerText()).trim();
}
