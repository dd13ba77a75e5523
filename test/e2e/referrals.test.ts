import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { collectPageErrors } from './support/browser';
import { settledArtifact } from './support/screens';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 15_000 };

/** Exact rupees with Indian grouping, as the referral page shows amounts: ₹50.00. */
const rupees = (amount: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** Tops up ₹500 through PhonePe's checkout page (the local sandbox), as wallet-phonepe.test.ts does. */
async function topUpWithPhonePe(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/platform/wallet`);
  const addCredit = page.locator('main').getByRole('region', { name: 'Add credit' });
  await addCredit.getByText('Loading payment methods…').waitFor({ state: 'detached', ...WAIT });
  const payWith = addCredit.getByRole('combobox', { name: 'Pay with', exact: true });
  if ((await payWith.count()) > 0) await payWith.selectOption({ label: 'PhonePe (UPI, cards, net banking)' });
  const phonePeForm = addCredit.getByRole('form', { name: 'Pay with PhonePe' });
  await phonePeForm.getByLabel('Amount (₹)').fill('500', WAIT);
  await phonePeForm.getByRole('button', { name: 'Pay with PhonePe', exact: true }).click();
  await page.getByRole('heading', { name: 'PhonePe sandbox', exact: true }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Pay successfully', exact: true }).click();
  await page.waitForURL(/\/platform\/wallet\?payment=[^&]+$/, WAIT);
  await page.locator('main').getByRole('status', { name: 'Payment result' }).getByText('Payment confirmed of ₹500.00', { exact: true }).waitFor(WAIT);
}

/**
 * Issue 19 in Chromium, the referral half: a trader copies its referral link; a visitor registers through
 * it and pays ₹500 with PhonePe; the referrer's /referral shows the payment's earning at its referral
 * percent and the new user among all and active referrals; cashing the earnings out as credit completes
 * at once, lands in the wallet and leaves nothing to cash out.
 */
describe('a referred user’s top-up earns the referrer credit', () => {
  const session = useTraderPage('Referrer');

  it('shows the earning on /referral and cashes it out into the wallet', async () => {
    // Prepare: the referrer signs in (clipboard allowed, so "Copy" can succeed).
    const { page, browser, context, trader, pageErrors } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await logInThroughForm(page, baseUrl, trader);
    const main = page.locator('main');

    // Act: open Referral.
    await page.locator('#app-sidebar').getByRole('link', { name: 'Referral', exact: true }).click();
    await page.waitForURL('**/platform/referral');
    // Assess: the code and the link that carries it.
    const linkCard = main.getByRole('region', { name: 'Your referral link' });
    const codeText = linkCard.getByLabel('Referral code', { exact: true });
    await codeText.waitFor(WAIT);
    const code = ((await codeText.textContent()) ?? '').trim();
    expect(code).not.toBe('');
    const link = new URL(((await linkCard.getByLabel('Referral link', { exact: true }).textContent()) ?? '').trim());
    expect(`${link.pathname}${link.search}`).toBe(`/platform/register?referral_code=${encodeURIComponent(code)}`);
    // Act: copy the link. Assess: the toast, and the clipboard holds it.
    await linkCard.getByRole('button', { name: 'Copy Referral link', exact: true }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('Copied successfully!', { exact: true }).first().waitFor(WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.href);
    const earnings = main.getByRole('region', { name: 'Referral earnings' });
    expect(await earnings.getByLabel('Available to cash out', { exact: true }).textContent()).toBe('₹0.00');

    // Act: a visitor opens the link in a browser of its own, registers (the code filled in) and pays ₹500.
    const stamp = `${Date.now()}${randomInt(1000, 9999)}`;
    const referredName = `Referred ${stamp.slice(-6)}`;
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const visitor = await visitorContext.newPage();
      const visitorErrors = collectPageErrors(visitor);
      await visitor.goto(`${baseUrl}${link.pathname}${link.search}`);
      expect(await visitor.getByLabel('Referral code (optional)').inputValue()).toBe(code);
      await visitor.getByRole('status').getByText(/^Referred by /).waitFor(WAIT);
      await visitor.getByLabel('First name').fill('Referred');
      await visitor.getByLabel('Last name').fill(stamp.slice(-6));
      await visitor.getByLabel('Email', { exact: true }).fill(`referred-${stamp}@e2e.test`);
      await visitor.getByLabel('Mobile number').fill(`${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`);
      await visitor.getByLabel('Password', { exact: true }).fill('Referred-Pass-42');
      await visitor.getByLabel('Confirm password', { exact: true }).fill('Referred-Pass-42');
      await visitor.getByRole('button', { name: 'Create account' }).click();
      await visitor.waitForURL('**/platform/dashboard', WAIT);
      await topUpWithPhonePe(visitor);
      expect(visitorErrors).toEqual([]);
    } finally {
      await visitorContext.close();
    }

    // Act: the referrer reloads Referral.
    await page.reload();
    // Assess: one earning for the ₹500 payment, at the percent it names (the franchise's default).
    const earningRows = main.getByRole('region', { name: 'Earnings per payment' }).getByRole('row', { name: new RegExp(`^${referredName} ₹`) });
    await earningRows.first().waitFor(WAIT);
    expect(await earningRows.count()).toBe(1);
    const rowText = await earningRows.first().innerText();
    expect(rowText).toContain('PhonePe');
    expect(rowText).toContain('₹500.00');
    const percent = Number(/(?:^|\s)(\d+(?:\.\d+)?)%/.exec(rowText)?.[1]);
    expect(percent).toBeGreaterThan(0);
    const earned = Math.floor(50_000 * percent) / 10_000;
    expect(await earningRows.first().getAttribute('aria-label')).toBe(`${referredName} ${rupees(earned)}`);
    await expect.poll(() => earnings.getByLabel('Available to cash out', { exact: true }).textContent(), WAIT).toBe(rupees(earned));
    // Assess: the new user among all referred users, and among the active ones because of the payment.
    const referred = main.getByRole('region', { name: 'Referred users' });
    await referred.getByRole('row', { name: referredName, exact: true }).waitFor(WAIT);
    await referred.getByRole('tab', { name: 'Active', exact: true }).click();
    const active = referred.getByRole('row', { name: referredName, exact: true });
    await active.waitFor(WAIT);
    expect(await active.textContent()).toContain('Paid on ');
    await settledArtifact(page, 'referral-earnings-1280');

    // Act: cash the whole balance out as credit.
    await earnings.getByRole('button', { name: 'Cash out', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cash out referral earnings' });
    await dialog.getByLabel('Where to').selectOption({ label: 'Credit to wallet' });
    await dialog.getByLabel('Amount (₹)').fill(earned.toFixed(2));
    await dialog.getByRole('button', { name: 'Cash out', exact: true }).click();
    // Assess: added to the wallet, completed in the history, nothing left to cash out, the badge shows it.
    await page.getByRole('region', { name: 'Messages' }).getByText(`${rupees(earned)} added to your wallet.`, { exact: true }).waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const history = main.getByRole('region', { name: 'Cash-out history' });
    const cashout = history.getByRole('row', { name: `${rupees(earned)} Completed`, exact: true });
    await cashout.waitFor(WAIT);
    expect(await cashout.textContent()).toContain('Credit to wallet');
    await expect.poll(() => earnings.getByLabel('Available to cash out', { exact: true }).textContent(), WAIT).toBe('₹0.00');
    await page.getByRole('link', { name: `Credit ${rupees(earned)}, open the wallet`, exact: true }).waitFor(WAIT);
    await settledArtifact(page, 'referral-cashout-1280');
    // Assess: the wallet's ledger names the cash-out.
    await page.getByRole('link', { name: `Credit ${rupees(earned)}, open the wallet`, exact: true }).click();
    await page.waitForURL('**/platform/wallet');
    await main.getByRole('region', { name: 'Ledger' }).getByRole('row', { name: new RegExp(`^Referral earnings cashed out \\+${rupees(earned).replace('.', '\\.')} `) }).waitFor(WAIT);
    expect(pageErrors).toEqual([]);
  });
});
