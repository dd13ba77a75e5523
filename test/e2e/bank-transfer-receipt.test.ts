import { randomInt } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { bankDetailsContracts, bankTransferContracts } from '../../shared/contracts/bank-transfers';
import type { Credentials } from './support/accounts';
import { apiToken, callAs } from './support/api-calls';
import { collectPageErrors } from './support/browser';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };

/** A real 1 × 1 PNG: the browser must decode it, so the dialog's image has a width. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const newUtr = (): string => `RCP${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/** The dialog's receipt image, once the browser has decoded it (its `data:` source passes the site's CSP). */
async function decodedWidth(dialog: Locator, name: string): Promise<number> {
  const image = dialog.getByRole('img', { name });
  await image.waitFor({ timeout: 15_000 });
  return image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    return img.naturalWidth;
  });
}

/**
 * Issue 17, a bank transfer claim with its receipt image, in Chromium: the trader attaches it in the
 * claim form, opens it from their payments, and the broker panel opens it on the Transaction page.
 */
describe('a bank transfer receipt', () => {
  const session = useTraderPage('Receipt');

  it('travels with the claim and opens for the trader and the broker panel', async () => {
    // Prepare: a receiving account (kept as it is when the franchise has one).
    const { page, trader, pageErrors, browser } = session;
    const adminToken = await apiToken(baseUrl, admin);
    const details = await callAs(baseUrl, adminToken, bankDetailsContracts.getBankDetails, {});
    if (!details.configured) {
      await callAs(baseUrl, adminToken, bankDetailsContracts.updateBankDetails, { account_name: 'Bridge Traders E2E', account_number: '501012345678', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank', branch: 'Fort, Mumbai', upi_id: '' });
    }
    const utr = newUtr();
    const name = `Receipt for UTR ${utr}`;
    await logInThroughForm(page, baseUrl, trader);
    await page.goto(`${baseUrl}/platform/wallet`);
    const main = page.locator('main');
    const addCredit = main.getByRole('region', { name: 'Add credit' });
    // As in wallet.test.ts: both the payment options and the bank details must have come before choosing.
    await addCredit.getByText(/^(Pay with|Pay with Bank transfer\.)$/).first().waitFor({ timeout: 15_000 });
    await addCredit.getByText('Loading payment methods…').waitFor({ state: 'detached', timeout: 15_000 });
    const payWith = addCredit.getByRole('combobox', { name: 'Pay with', exact: true });
    if ((await payWith.count()) > 0) await payWith.selectOption({ label: 'Bank transfer' });
    await addCredit.getByLabel('Account to pay into').waitFor({ timeout: 15_000 });

    // Act: claim ₹250 with the UTR and a receipt image.
    const claim = addCredit.getByRole('form', { name: 'Claim a bank transfer' });
    await claim.getByLabel('Amount (₹)').fill('250');
    await claim.getByLabel('UTR / reference number').fill(utr);
    await claim.getByLabel('Receipt (image)').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await claim.getByRole('button', { name: 'Send for approval' }).click();
    // Assess: sent with its receipt, which opens from the trader's payments.
    const sent = claim.getByRole('status');
    await sent.waitFor({ timeout: 15_000 });
    expect(await sent.textContent()).toBe(`Transfer of ₹250.00 (UTR ${utr}) sent for approval with its receipt. Your balance grows once your broker approves it.`);
    await main.getByRole('region', { name: 'Your payments' }).getByRole('button', { name }).click();
    const own = page.getByRole('dialog', { name });
    expect(await decodedWidth(own, name)).toBe(1);
    await own.getByRole('button', { name: 'Close' }).click();

    // Act: the broker panel opens the claim's receipt on the Transaction page.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const adminPage = await adminContext.newPage();
      const adminErrors = collectPageErrors(adminPage);
      await logInThroughForm(adminPage, baseUrl, admin);
      await adminPage.goto(`${baseUrl}/platform/transaction`);
      const row = adminPage.locator('main').getByRole('region', { name: 'Bank transfers' }).getByRole('row', { name: `UTR ${utr} ₹250.00 Waiting for approval`, exact: true });
      await row.waitFor({ timeout: 15_000 });
      await row.getByRole('button', { name }).click();
      // Assess
      expect(await decodedWidth(adminPage.getByRole('dialog', { name }), name)).toBe(1);
      expect(adminErrors).toEqual([]);
    } finally {
      await adminContext.close();
    }
    // Leave nothing pending behind: the claim is rejected (nothing is credited).
    const [mine] = (await callAs(baseUrl, adminToken, bankTransferContracts.getFranchiseBankTransfers, { state: 'pending' })).items.filter((item) => item.utr === utr);
    await callAs(baseUrl, adminToken, bankTransferContracts.rejectBankTransfer, { transfer_id: mine?.transfer_id ?? '', reason: 'End-to-end receipt check' });
    expect(pageErrors).toEqual([]);
  });
});
