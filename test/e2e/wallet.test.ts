import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { bankDetailsContracts } from '../../shared/contracts/bank-transfers';
import type { Credentials } from './support/accounts';
import { apiToken, callAs } from './support/api-calls';
import { saveArtifact } from './support/artifacts';
import { collectPageErrors } from './support/browser';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };

/** A 12-character UTR (as IMPS and UPI give), unique per run: a UTR is claimed once per franchise. */
const newUtr = (): string => `E2E${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/**
 * Issue 17 in Chromium, the bank-transfer half: the broker panel saves the franchise's receiving
 * account, a new trader claims a transfer into it from the wallet, the broker panel approves the claim
 * on the Transaction page, and the trader's wallet then shows the credit, in its balance, its ledger
 * and its payments.
 */
describe('a bank transfer from the wallet, approved on the Transaction page', () => {
  const session = useTraderPage('Wallet');

  it('credits the wallet once the broker panel approves the claim', async () => {
    // Prepare: the franchise's receiving account, through the API as the broker panel.
    const { page, trader, pageErrors, browser } = session;
    const adminToken = await apiToken(baseUrl, admin);
    const accountNumber = `5010${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const saved = await callAs(baseUrl, adminToken, bankDetailsContracts.updateBankDetails, {
      account_name: 'Bridge Traders E2E',
      account_number: accountNumber,
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
      branch: 'Fort, Mumbai',
      upi_id: '',
    });
    expect(saved.configured).toBe(true);
    const utr = newUtr();
    await logInThroughForm(page, baseUrl, trader);
    const main = page.locator('main');

    // Act: the trader opens the wallet.
    await page.goto(`${baseUrl}/platform/wallet`);
    // Assess
    const balance = main.getByTestId('wallet-balance');
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('₹0.00');
    const addCredit = main.getByRole('region', { name: 'Add credit' });
    await addCredit.getByText(/^(Pay with|Pay with Bank transfer\.)$/).first().waitFor({ timeout: 15_000 });
    // Both the payment options and the bank details must have come: with only one of them in, the card
    // offers one method, and the select appears (defaulting to PhonePe) when the other arrives.
    await addCredit.getByText('Loading payment methods…').waitFor({ state: 'detached', timeout: 15_000 });

    // Act: choose Bank transfer (a select when PhonePe is also offered, else the only method).
    const payWith = addCredit.getByRole('combobox', { name: 'Pay with', exact: true });
    if ((await payWith.count()) > 0) await payWith.selectOption({ label: 'Bank transfer' });
    // Assess: the franchise's account to pay into.
    const account = addCredit.getByRole('definition');
    // When it does not come, say what the card reads instead (another method, an error).
    await addCredit
      .getByLabel('Account to pay into')
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        throw new Error(`The account to pay into did not show (${String(error)}); the card reads: ${await addCredit.innerText()}; page errors: ${pageErrors.join(' | ')}`);
      });
    expect(await account.allInnerTexts()).toEqual(expect.arrayContaining(['Bridge Traders E2E', accountNumber, 'HDFC0001234', 'HDFC Bank', 'Fort, Mumbai']));

    // Act: claim ₹500 with the UTR.
    const claim = addCredit.getByRole('form', { name: 'Claim a bank transfer' });
    await claim.getByLabel('Amount (₹)').fill('500');
    await claim.getByLabel('UTR / reference number').fill(utr);
    await claim.getByRole('button', { name: 'Send for approval' }).click();
    // Assess: sent, and listed as pending among the trader's payments.
    const sent = claim.getByRole('status');
    await sent.waitFor({ timeout: 15_000 });
    expect(await sent.textContent()).toBe(`Transfer of ₹500.00 (UTR ${utr}) sent for approval. Your balance grows once your broker approves it.`);
    const payments = main.getByRole('region', { name: 'Your payments' });
    await payments.getByRole('row', { name: 'Bank transfer ₹500.00 Waiting for approval', exact: true }).waitFor({ timeout: 15_000 });
    expect(await balance.textContent()).toBe('₹0.00');

    // Act: the broker panel opens the Transaction page in its own browser context and approves the claim.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const adminPage = await adminContext.newPage();
      const adminErrors = collectPageErrors(adminPage);
      await logInThroughForm(adminPage, baseUrl, admin);
      await adminPage.goto(`${baseUrl}/platform/transaction`);
      const transfers = adminPage.locator('main').getByRole('region', { name: 'Bank transfers' });
      const row = transfers.getByRole('row', { name: `UTR ${utr} ₹500.00 Waiting for approval`, exact: true });
      await row.waitFor({ timeout: 15_000 });
      await saveArtifact(adminPage, 'transaction-1280');
      await row.getByRole('button', { name: 'Approve', exact: true }).click();
      const confirm = adminPage.getByRole('dialog', { name: 'Approve the bank transfer' });
      await confirm.getByText(`Credit ₹500.00 (UTR ${utr})`, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
      await confirm.waitFor({ state: 'detached', timeout: 15_000 });
      // Assess: approved (toast), and gone from the pending list.
      await adminPage.getByRole('region', { name: 'Messages' }).getByText('Bank transfer approved: the wallet is credited.').waitFor({ timeout: 15_000 });
      await row.waitFor({ state: 'detached', timeout: 15_000 });
      // Assess: the approved claim is among the franchise's payments, and its credit among the wallet movements.
      await adminPage.getByRole('tab', { name: 'Payments', exact: true }).click();
      const franchisePayments = adminPage.locator('main').getByRole('region', { name: 'Payments' });
      await franchisePayments.getByRole('row', { name: `Bank transfer ${utr} ₹500.00 Approved`, exact: true }).waitFor({ timeout: 15_000 });
      await adminPage.getByRole('tab', { name: 'Wallet movements', exact: true }).click();
      const movements = adminPage.locator('main').getByRole('region', { name: 'Wallet movements' });
      await movements.getByRole('row', { name: /credit ₹500\.00 Bank transfer$/ }).first().waitFor({ timeout: 15_000 });
      await saveArtifact(adminPage, 'transaction-wallet-movements-1280');
      expect(adminErrors).toEqual([]);
    } finally {
      await adminContext.close();
    }

    // Assess: the trader's open page shows the credit at once, without a reload (the realtime channel).
    await page.getByRole('link', { name: 'Credit ₹500.00, open the wallet' }).waitFor({ timeout: 5_000 });
    expect(await balance.textContent()).toBe('₹500.00');
    await payments.getByRole('row', { name: 'Bank transfer ₹500.00 Approved', exact: true }).waitFor({ timeout: 5_000 });

    // Act: the trader reloads the wallet.
    await page.reload();
    // Assess: the balance, the ledger's credit and the approved claim.
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('₹500.00');
    const ledger = main.getByRole('region', { name: 'Ledger' });
    const credit = ledger.getByRole('row', { name: /^Bank transfer \+₹500\.00 / });
    await credit.waitFor({ timeout: 15_000 });
    expect(await ledger.getByRole('row', { name: /^Bank transfer / }).count()).toBe(1);
    expect(await credit.textContent()).toContain(`utr: ${utr}`);
    await payments.getByRole('row', { name: 'Bank transfer ₹500.00 Approved', exact: true }).waitFor({ timeout: 15_000 });
    await saveArtifact(page, 'wallet-1280');
    expect(pageErrors).toEqual([]);
  });
});
