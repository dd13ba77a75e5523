import { randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { brokerContracts } from '../../shared/contracts/broker';
import { directOrderContracts } from '../../shared/contracts/orders';
import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { userContracts } from '../../shared/contracts/user';
import type { Credentials } from './support/accounts';
import { apiToken, callAs, orderKey } from './support/api-calls';
import { collectPageErrors } from './support/browser';
import { dismissToasts, fitReport } from './support/fit-checks';
import { settledArtifact } from './support/screens';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };
const parent: Credentials = { email: inject('parentEmail'), password: inject('adminPassword') };
const outbox = join(inject('dataDir'), 'outbox');
const WAIT = { timeout: 15_000 };

/** ₹1,234.50 below ₹1,000 as the badge shows it too (its K/M/B shortening starts at a thousand). */
const rupees = (amount: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** The set-password link of the newest welcome mail to `address` in the local outbox (one JSON file a mail). */
async function setPasswordPathFromMail(address: string): Promise<string | null> {
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(outbox, name), 'utf8')) as { to: string; text: string }));
  const welcome = mails.filter((mail) => mail.to === address && mail.text.includes('/platform/setpassword?token=')).at(-1);
  const url = /https?:\/\/\S+\/platform\/setpassword\?token=\S+/.exec(welcome?.text ?? '')?.[0];
  if (!url) return null;
  const link = new URL(url);
  return `${link.pathname}${link.search}`;
}

/** The parent's top-bar credit badge, by its accessible name. */
const badge = (page: Page, amount: number) => page.getByRole('link', { name: `Credit ${rupees(amount)}, open the wallet`, exact: true });

/**
 * Issue 19 in Chromium, the parent's half: a parent that may add sub-users (not the broker panel) adds
 * one on "Link User", moves ₹200 of its own credit to it, connects a paper account for it, and reads its
 * orders, activity and ledger; the sub-user sets its password from the welcome mail, signs in, and sees
 * the account and the credit.
 */
describe('a parent manages a sub-user it adds', () => {
  // The session's own new trader stays unused: the parent is the seeded one of global-setup.
  const session = useTraderPage('Unused');

  it('adds a sub-user, credits ₹200, connects paper for it, sees its orders and activity; the sub-user signs in', async () => {
    // Prepare: the broker panel grants the parent ₹500 of float (it manages every user of its franchise).
    const { page, browser, pageErrors } = session;
    const adminToken = await apiToken(baseUrl, admin);
    const parentToken = await apiToken(baseUrl, parent);
    const parentProfile = await callAs(baseUrl, parentToken, userContracts.getUserProfile, {});
    const granted = await callAs(baseUrl, adminToken, subUserViewContracts.creditDebitSubUser, {
      sub_user_id: parentProfile.user_id,
      type: 'credit',
      amount_paise: 50_000,
      source: 'franchise',
      reason: 'E2E float',
      idempotency_key: `e2e-float-${randomUUID()}`,
    });
    const parentCredit = granted.sub_user_balance_paise / 100;
    expect(parentCredit).toBeGreaterThanOrEqual(500);

    // Act: the parent signs in and opens "Link User".
    await logInThroughForm(page, baseUrl, parent);
    const main = page.locator('main');
    await badge(page, parentCredit).waitFor(WAIT);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Link User', exact: true }).click();
    await page.waitForURL('**/platform/user');
    await main.getByRole('heading', { level: 2, name: 'Link User' }).waitFor(WAIT);

    // Act: add a user.
    const stamp = `${Date.now()}${randomInt(1000, 9999)}`;
    const email = `sub-${stamp}@e2e.test`;
    const name = `Sub ${stamp.slice(-6)}`;
    await main.getByRole('button', { name: 'Add user', exact: true }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add user' });
    await addDialog.getByLabel('First name').fill('Sub');
    await addDialog.getByLabel('Last name').fill(stamp.slice(-6));
    await addDialog.getByLabel('Email').fill(email);
    await addDialog.getByLabel('Mobile number').fill(`${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`);
    await addDialog.getByRole('button', { name: 'Add user', exact: true }).click();
    // Assess: told the mail went out; the row is listed.
    await page.getByRole('region', { name: 'Messages' }).getByText(`${name} was added. A mail to set a password was sent to ${email}.`, { exact: true }).waitFor(WAIT);
    await addDialog.waitFor({ state: 'detached', ...WAIT });
    const row = main.getByRole('row', { name: new RegExp(`^${name} #\\d+$`) });
    await row.waitFor(WAIT);
    const subUserId = Number(/#(\d+)$/.exec((await row.getAttribute('aria-label')) ?? '')?.[1]);
    expect(subUserId).toBeGreaterThan(0);
    await settledArtifact(page, 'sub-users-list-1280');
    // Assess: the list fits the window at 1280 px with the sidebar open — every column and button in view.
    await dismissToasts(page);
    const fit = await fitReport(page);
    expect(fit.pageOverflow, JSON.stringify(fit)).toBeLessThanOrEqual(0);
    for (const table of fit.tables) expect(table.tableWidth, JSON.stringify(fit)).toBeLessThanOrEqual(table.boxWidth);
    expect(fit.hiddenActions, JSON.stringify(fit)).toEqual([]);

    // Act: open the user and credit ₹200 from the parent's wallet.
    await row.getByRole('link', { name: `Open ${name}`, exact: true }).click();
    await page.waitForURL(`**/platform/user/${subUserId}`);
    const header = main.getByRole('region', { name: 'Sub-user' });
    await header.getByRole('heading', { name: `${name} (#${subUserId})` }).waitFor(WAIT);
    await header.getByRole('button', { name: 'Credit / Debit', exact: true }).click();
    const moneyDialog = page.getByRole('dialog', { name: `Credit / Debit ${name} (#${subUserId})` });
    await moneyDialog.getByLabel('Amount (₹)').fill('200');
    await moneyDialog.getByRole('button', { name: 'Credit', exact: true }).click();
    // Assess: done, both balances said; the header shows ₹200.00 and the parent's badge is ₹200 lower.
    await moneyDialog.getByText(`Done. The sub-user's balance is now ₹200.00. Your balance is now ${rupees(parentCredit - 200)}.`, { exact: true }).waitFor(WAIT);
    await moneyDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await header.getByText('₹200.00', { exact: true }).waitFor(WAIT);
    await badge(page, parentCredit - 200).waitFor(WAIT);

    // Act: back on the list, "Connect broker" → Paper Trading → connect.
    await main.getByRole('link', { name: 'Back to users', exact: true }).click();
    await page.waitForURL('**/platform/user');
    await row.getByRole('button', { name: 'Connect broker', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: `Connect a broker for ${name}` });
    await chooser.getByRole('list', { name: 'Brokers' }).getByRole('link', { name: /^Paper Trading/ }).click(WAIT);
    await page.waitForURL(`**/platform/user/demat/paper?sub_user_id=${subUserId}`);
    const connectCard = main.getByRole('region', { name: 'Connect a broker account' });
    await connectCard.getByText(`The account will belong to ${name} (#${subUserId}), ${email}.`, { exact: false }).waitFor(WAIT);
    await connectCard.getByRole('form', { name: /^Connect Paper Trading/ }).getByRole('button', { name: /^Connect/ }).click();
    // Assess: connected, in the sub-user's name.
    const connected = connectCard.getByRole('status').filter({ hasText: `is connected for ${name}.` });
    await connected.waitFor(WAIT);
    const accountName = /^(.+) is connected for /.exec((await connected.textContent()) ?? '')?.[1] ?? '';
    expect(accountName).toMatch(/^Paper Trading \(/);

    // Act: the sub-user chooses its password from the welcome mail (the outbox keeps it).
    let setPasswordPath: string | null = null;
    await expect.poll(async () => (setPasswordPath = await setPasswordPathFromMail(email)), WAIT).not.toBeNull();
    const subContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const subPage = await subContext.newPage();
      const subErrors = collectPageErrors(subPage);
      await subPage.goto(`${baseUrl}${setPasswordPath ?? ''}`);
      const sub: Credentials = { email, password: 'Sub-User-Pass-42' };
      const form = subPage.getByRole('form', { name: 'Set your password' });
      await form.getByLabel('Password', { exact: true }).fill(sub.password);
      await form.getByLabel('Confirm password').fill(sub.password);
      await form.getByRole('button', { name: 'Set password', exact: true }).click();
      await subPage.getByRole('status').getByText(`Your password is set. Sign in with ${email}.`, { exact: true }).waitFor(WAIT);

      // Act: through the API as the sub-user, a paper MARKET order on its account.
      const subToken = await apiToken(baseUrl, sub);
      const [account] = await callAs(baseUrl, subToken, brokerContracts.getBrokers, {});
      expect(account?.broker_combined_name).toBe(accountName);
      await callAs(baseUrl, subToken, brokerContracts.updateBrokerTradingFlag, { broker_id: account?.broker_id ?? '', trading_enabled: true });
      const placed = await callAs(baseUrl, subToken, directOrderContracts.placeOrder, {
        broker_id: account?.broker_id ?? '',
        script_id: 'NSE:SBIN',
        transaction_type: 'BUY',
        order_type: 'MARKET',
        product: 'INTRADAY',
        quantity: 1,
        price: null,
        idempotency_key: orderKey(),
      });

      // Act: the parent opens the user's tabs.
      await page.goto(`${baseUrl}/platform/user/${subUserId}?tab=orders`);
      const orders = main.getByRole('tabpanel');
      // Assess: the order (any status: the paper market may be closed), the activity, the ₹200 credit.
      await orders.getByRole('row', { name: `Order ${placed.order.trading_symbol} BUY 1`, exact: true }).waitFor(WAIT);
      await main.getByRole('tab', { name: 'Activity Logs', exact: true }).click();
      const activity = main.getByRole('tabpanel');
      await activity.getByRole('row', { name: /^Placed an order / }).waitFor(WAIT);
      await activity.getByRole('row', { name: /^Logged in / }).first().waitFor(WAIT);
      await main.getByRole('tab', { name: 'Wallet', exact: true }).click();
      const ledger = main.getByRole('tabpanel');
      await ledger.getByRole('row', { name: /^Transfer with a sub-user \+₹200\.00 / }).waitFor(WAIT);
      await settledArtifact(page, 'sub-user-details-1280');

      // Act: the sub-user signs in through the form.
      await logInThroughForm(subPage, baseUrl, sub);
      // Assess: its credit and, on Demat, the account the parent connected.
      await badge(subPage, 200).waitFor(WAIT);
      await subPage.locator('#app-sidebar').getByRole('link', { name: 'Demat', exact: true }).click();
      await subPage.waitForURL('**/platform/demat');
      await subPage.locator('main').getByRole('article', { name: accountName, exact: true }).waitFor(WAIT);
      expect(subErrors).toEqual([]);
    } finally {
      await subContext.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
