import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Credentials } from './support/accounts';
import { collectPageErrors, launchChromium } from './support/browser';
import { logInThroughForm } from './support/session';

const baseUrl = inject('baseUrl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };

const LAST_SAVED = /^Last saved by user \d+ at \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/;

/** Types a value in one of the Payments card's fields and saves it; waits for the toast. */
async function savePayments(page: Page, payments: Locator, label: string, value: string): Promise<void> {
  await payments.getByLabel(label).fill(value);
  await payments.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Payments settings saved.').first().waitFor();
}

/**
 * Issue 18, /configs in Chromium against the local runtime: the broker panel sees its groups as cards, a
 * wrong value is refused in the browser, and a save reaches the API and is there after a reload. The one
 * value saved (the static IP price) is put back as it was, so no other test sees a change.
 */
describe('the configs page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    browser = await launchChromium(inject('chromiumPath'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
  });
  afterEach(async () => {
    await context?.close();
  });

  it('shows the broker panel its groups, refuses a bad GSTIN in the browser and saves a price', async () => {
    // Prepare
    await logInThroughForm(page, baseUrl, admin);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Configs', exact: true }).click();
    const main = page.locator('main');
    const payments = main.getByRole('region', { name: 'Payments' });
    const org = main.getByRole('region', { name: 'Organisation' });
    await payments.waitFor();
    await org.waitFor();

    // Act: a wrong GSTIN stays in the browser
    await org.getByLabel('GSTIN').fill('27aapfu0939f1z');
    await org.getByRole('button', { name: 'Save' }).click();
    // Assess
    await org.getByText('Enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV).').waitFor();
    expect(await org.getByLabel('GSTIN').inputValue()).toBe('27AAPFU0939F1Z');

    // Act: a new static IP price is saved
    const price = payments.getByLabel('Static IP price per month (₹)');
    const before = await price.inputValue();
    expect(before).toMatch(/^\d+(\.\d+)?$/);
    const changed = String(Number(before) + 1);
    await savePayments(page, payments, 'Static IP price per month (₹)', changed);
    // Assess
    await payments.getByText(LAST_SAVED).waitFor();
    await page.reload();
    await price.waitFor();
    expect(await price.inputValue()).toBe(changed);
    expect(await payments.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // Clean up: the price as it was
    await savePayments(page, payments, 'Static IP price per month (₹)', before);
    await page.reload();
    await price.waitFor();
    expect(await price.inputValue()).toBe(before);
    expect(pageErrors).toEqual([]);
  });
});
