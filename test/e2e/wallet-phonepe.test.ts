import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { brokerContracts } from '../../shared/contracts/broker';
import { userContracts } from '../../shared/contracts/user';
import { marketClockParts } from '../../shared/domain/market-clock';
import { apiToken, callAs } from './support/api-calls';
import { saveArtifact } from './support/artifacts';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const DAY_MS = 86_400_000;

/** dd-MM-yyyy in Asia/Kolkata, as the account card shows a plan's end (spec §9). */
function displayDate(instant: string): string {
  const parts = marketClockParts(new Date(instant));
  if (!parts) throw new Error(`Not a date: ${instant}`);
  return `${parts.day}-${parts.month}-${parts.year}`;
}

/** Letters and digits only, as Kite's API key and secret are: made up, no broker is ever called with them. */
const dummyKiteSecret = (): string => randomBytes(12).toString('hex');

/** The value an account card lists under a label ("Plan expires" …). */
const factOf = (card: Locator, label: string): Locator =>
  card.locator('.account-facts__row').filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/**
 * Issue 17 in Chromium, the PhonePe half: a new trader adds ₹500 through PhonePe's checkout page (the
 * local runtime's PhonePe sandbox), comes back to the wallet which shows the credit in its balance, the
 * top bar's badge and the ledger, then buys a broker plan for a Zerodha account from that credit.
 */
describe('adding credit through PhonePe, then buying a broker plan from it', () => {
  const session = useTraderPage('PhonePe');

  it('credits ₹500 after the checkout page, then pays the Monthly plan from it', async () => {
    // Prepare: a Zerodha account with made-up API credentials. Connecting only stores them (sealed) and
    // answers Kite's login URL, which this test never opens: the account stays "available", not logged
    // in, which is all buying a plan needs.
    const { page, trader, pageErrors } = session;
    const token = await apiToken(baseUrl, trader);
    const connected = await callAs(baseUrl, token, brokerContracts.connectBroker, {
      broker: 'zerodha',
      credentials: { api_key: dummyKiteSecret(), api_secret: dummyKiteSecret() },
    });
    expect(connected.account.broker).toBe('zerodha');
    const accountName = connected.account.broker_combined_name;
    await logInThroughForm(page, baseUrl, trader);
    const main = page.locator('main');

    // Act: the trader opens the wallet.
    await page.goto(`${baseUrl}/platform/wallet`);
    // Assess: nothing yet, and PhonePe offered.
    const balance = main.getByTestId('wallet-balance');
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('₹0.00');
    const addCredit = main.getByRole('region', { name: 'Add credit' });
    await addCredit.getByText(/^(Pay with|Pay with PhonePe \(UPI, cards, net banking\)\.)$/).first().waitFor({ timeout: 15_000 });
    // Both the payment options and the bank details must have come: the select appears when the bank
    // transfer is offered too (another test file of this run may have saved the franchise's account).
    await addCredit.getByText('Loading payment methods…').waitFor({ state: 'detached', timeout: 15_000 });

    // Act: choose PhonePe (a select when bank transfers are also offered, else the only method) and pay ₹500.
    const payWith = addCredit.getByRole('combobox', { name: 'Pay with', exact: true });
    if ((await payWith.count()) > 0) await payWith.selectOption({ label: 'PhonePe (UPI, cards, net banking)' });
    const phonePeForm = addCredit.getByRole('form', { name: 'Pay with PhonePe' });
    await phonePeForm
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        throw new Error(`The PhonePe form did not show (${String(error)}); the card reads: ${await addCredit.innerText()}; page errors: ${pageErrors.join(' | ')}`);
      });
    await phonePeForm.getByLabel('Amount (₹)').fill('500');
    await phonePeForm.getByRole('button', { name: 'Pay with PhonePe', exact: true }).click();

    // Assess: the browser is on PhonePe's checkout page (the sandbox's), for ₹500.
    await page.getByRole('heading', { name: 'PhonePe sandbox', exact: true }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl).origin);
    expect(await page.locator('[data-amount]').textContent()).toBe('₹500.00');

    // Act: pay.
    await page.getByRole('button', { name: 'Pay successfully', exact: true }).click();
    // Assess: back on the wallet, naming the payment, which the banner says is confirmed.
    await page.waitForURL(/\/platform\/wallet\?payment=[^&]+$/, { timeout: 15_000 });
    const paymentId = new URL(page.url()).searchParams.get('payment') ?? '';
    expect(paymentId).not.toBe('');
    const banner = main.getByRole('status', { name: 'Payment result' });
    await banner.getByText('Payment confirmed of ₹500.00', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await banner.getByText('Your wallet has been credited.', { exact: true }).count()).toBe(1);
    // Assess: the balance, the top bar's badge, the trader's payments and the ledger's credit.
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('₹500.00');
    await page.getByRole('link', { name: 'Credit ₹500.00, open the wallet', exact: true }).waitFor({ timeout: 15_000 });
    const payments = main.getByRole('region', { name: 'Your payments' });
    await payments.getByRole('row', { name: 'PhonePe ₹500.00 Payment confirmed', exact: true }).waitFor({ timeout: 15_000 });
    const ledger = main.getByRole('region', { name: 'Ledger' });
    const credit = ledger.getByRole('row', { name: /^PhonePe payment \+₹500\.00 / });
    await credit.waitFor({ timeout: 15_000 });
    expect(await ledger.getByRole('row', { name: /^PhonePe payment / }).count()).toBe(1);
    expect(await credit.textContent()).toContain(`payment id: ${paymentId}`);
    await saveArtifact(page, 'wallet-phonepe-1280');

    // Act: the trader goes to Demat and opens "Buy plan" on the Zerodha account.
    await page.locator('#app-sidebar').getByRole('link', { name: 'Demat', exact: true }).click();
    await page.waitForURL('**/platform/demat');
    const card = main.getByRole('article', { name: accountName, exact: true });
    await card.waitFor({ timeout: 15_000 });
    expect(await factOf(card, 'Plan expires').textContent()).toBe('No plan');
    await card.getByRole('button', { name: `Buy plan ${accountName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Buy a plan for ${accountName}` });
    // Act: choose the Monthly plan (500 credits, one credit a rupee) and buy it.
    // (Amplify hides the radio input itself: a person clicks its label.)
    await dialog.getByText('Monthly · 30 days · 500 credits', { exact: true }).click({ timeout: 15_000 });
    expect(await dialog.getByRole('radio', { name: 'Monthly · 30 days · 500 credits', exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Buy plan', exact: true }).click();
    // Assess: bought (toast), the dialog closed, the badge down by the price.
    await page
      .getByRole('region', { name: 'Messages' })
      .getByText(`Plan bought for ${accountName}: 500 credits charged, 0 left.`, { exact: true })
      .waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    const emptyBadge = page.getByRole('link', { name: 'Credit ₹0.00, open the wallet', exact: true });
    await emptyBadge.waitFor({ timeout: 15_000 });
    // Assess: the card shows the plan's end: 30 days after the debit, as the server stored it.
    const [account] = (await callAs(baseUrl, token, brokerContracts.getBrokers, {})).filter((item) => item.broker_id === connected.account.broker_id);
    const expiresAt = account?.subscription_expires_at ?? null;
    expect(expiresAt).not.toBeNull();
    await expect.poll(() => factOf(card, 'Plan expires').textContent(), { timeout: 15_000 }).toBe(displayDate(expiresAt ?? ''));
    await saveArtifact(page, 'wallet-phonepe-plan-1280');
    const movements = await callAs(baseUrl, token, userContracts.getUserLedger, {});
    const debit = movements.items.find((entry) => entry.reason === 'broker_subscription');
    expect(debit).toMatchObject({ type: 'debit', amount: 500, balance_after: 0, reference: { broker_id: connected.account.broker_id, plan_id: 'monthly' } });
    const daysPaid = (Date.parse(expiresAt ?? '') - Date.parse(debit?.create_time ?? '')) / DAY_MS;
    expect(Math.abs(daysPaid - 30)).toBeLessThan(60_000 / DAY_MS);

    // Act: the trader opens the wallet from the badge.
    await emptyBadge.click();
    await page.waitForURL('**/platform/wallet');
    // Assess: the balance is down by the price and the ledger lists the plan's debit under the credit.
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('₹0.00');
    const planDebit = ledger.getByRole('row', { name: /^Broker plan -₹500\.00 / });
    await planDebit.waitFor({ timeout: 15_000 });
    expect(await planDebit.textContent()).toContain('plan id: monthly');
    expect(await ledger.getByRole('row', { name: /^(Broker plan|PhonePe payment) / }).count()).toBe(2);
    await credit.waitFor({ timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });
});
