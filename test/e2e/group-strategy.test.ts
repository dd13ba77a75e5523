import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { brokerContracts } from '../../shared/contracts/broker';
import { orderHistoryContracts } from '../../shared/contracts/orders';
import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { userContracts } from '../../shared/contracts/user';
import type { Credentials } from './support/accounts';
import { apiToken, callAs } from './support/api-calls';
import { saveArtifact } from './support/artifacts';
import { collectPageErrors } from './support/browser';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };

/** Unique: the e2e admin (the broker panel here) is shared by every file of the run. */
const STRATEGY = `Issue 21 momentum ${randomUUID().slice(0, 6)}`;
const PLAN = 'Monthly';
const MASTER_QUANTITY = 3;
const MULTIPLIER = 2;
const doubled = MASTER_QUANTITY * MULTIPLIER;

/** Screenshots show the screen itself: earlier toasts are dismissed first. */
async function settledArtifact(page: Page, name: string): Promise<void> {
  const toasts = page.getByRole('region', { name: 'Messages' }).getByRole('button');
  while ((await toasts.count()) > 0) await toasts.first().click();
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
  await saveArtifact(page, name);
}

/** A paper account of the user's, connected at once, with its own Trading switch on; answers its id and name. */
async function tradingPaperAccount(token: string): Promise<{ brokerId: string; name: string }> {
  const { account } = await callAs(baseUrl, token, brokerContracts.connectBroker, { broker: 'paper' });
  await callAs(baseUrl, token, brokerContracts.updateBrokerTradingFlag, { broker_id: account.broker_id, trading_enabled: true });
  return { brokerId: account.broker_id, name: account.broker_combined_name };
}

describe('group strategies in Chromium: a broker panel sells a paper master to a subscriber at 2×', () => {
  const session = useTraderPage('Subscriber');

  it('creates a PRIVATE strategy with a plan and a permitted user, who subscribes at 2× and receives the master order doubled', async () => {
    const { browser, page: subscriberPage, trader: subscriber, pageErrors: subscriberErrors } = session;
    const panelContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const panel = await panelContext.newPage();
    const panelErrors = collectPageErrors(panel);
    try {
      // Prepare: a paper account for the panel's master; the subscriber gets ₹1,000 of credit and a paper account with trading on.
      const panelToken = await apiToken(baseUrl, admin);
      const subscriberToken = await apiToken(baseUrl, subscriber);
      const master = await tradingPaperAccount(panelToken);
      const { brokerId: subscriberAccount, name: subscriberAccountName } = await tradingPaperAccount(subscriberToken);
      const profile = await callAs(baseUrl, subscriberToken, userContracts.getUserProfile, {});
      await callAs(baseUrl, panelToken, subUserViewContracts.creditDebitSubUser, {
        sub_user_id: profile.user_id,
        type: 'credit',
        amount_paise: 100_000,
        source: 'franchise',
        reason: 'E2E strategy subscription',
        idempotency_key: `e2e-strategy-${randomUUID()}`,
      });

      // Act: the broker panel adds a PRIVATE strategy on /group/strategy.
      await logInThroughForm(panel, baseUrl, admin);
      const main = panel.locator('main');
      await panel.goto(`${baseUrl}/platform/group/strategy`);
      await main.getByRole('button', { name: 'Add strategy' }).click();
      const add = panel.getByRole('dialog', { name: 'Add strategy' });
      await add.getByLabel('Strategy name').fill(STRATEGY);
      await add.getByLabel('Visibility').selectOption('PRIVATE');
      await add.getByLabel('Description').fill('Intraday momentum on large caps, copied from a paper master.');
      await add.getByRole('button', { name: 'Add strategy' }).click();
      await add.waitFor({ state: 'detached' });
      const card = main.getByRole('article', { name: STRATEGY });
      await card.getByRole('link', { name: STRATEGY, exact: true }).click();

      // Act: on its page it connects the paper master and turns Trading on.
      await main.getByRole('heading', { level: 3, name: STRATEGY }).waitFor();
      const strategyUrl = panel.url();
      const groupId = /\/group\/strategy\/([0-9A-HJKMNP-TV-Z]{26})$/.exec(new URL(strategyUrl).pathname)?.[1] ?? '';
      expect(groupId).not.toBe('');
      const settings = main.locator('.group-settings');
      // The shared admin may hold other accounts: the master is chosen by name.
      await settings.getByLabel('Master account').selectOption({ label: master.name });
      await settings.getByRole('button', { name: 'Connect master' }).click();
      await settings.getByRole('button', { name: 'Disconnect master' }).waitFor();
      await settings.getByText(master.name).waitFor();
      await settings.getByText('Trading', { exact: true }).click();
      await expect.poll(() => settings.getByRole('switch', { name: 'Trading', exact: true }).isChecked()).toBe(true);
      await settledArtifact(panel, 'group-strategy-page-1280');

      // Act: on Manage, a plan on PLANS, and the subscriber permitted by email.
      await panel.goto(`${baseUrl}/platform/group/strategy/manage/${groupId}`);
      await main.getByRole('heading', { level: 2, name: 'Manage group strategy' }).waitFor();
      await main.getByRole('button', { name: 'Add plan' }).click();
      const planDialog = panel.getByRole('dialog', { name: 'Add plan' });
      await planDialog.getByLabel('Label').fill(PLAN);
      await planDialog.getByLabel('Duration (days)').fill('30');
      await planDialog.getByLabel('Price (₹)').fill('500');
      await planDialog.getByRole('button', { name: 'Add plan' }).click();
      await planDialog.waitFor({ state: 'detached' });
      await main.getByRole('table', { name: 'Plans' }).getByRole('row', { name: new RegExp(`^${PLAN} `) }).waitFor();
      const permissions = main.getByRole('region', { name: 'Permissions' });
      await permissions.getByLabel('Search users').fill(subscriber.email);
      // Amplify draws its own box over the input: a user clicks the label.
      await permissions.locator('label').filter({ hasText: subscriber.email }).click();
      await expect.poll(() => permissions.getByRole('checkbox', { name: new RegExp(subscriber.email.replace(/[.]/g, '\\.')) }).isChecked()).toBe(true);
      await settledArtifact(panel, 'group-strategy-manage-plans-1280');

      // Act: the subscriber finds the strategy on Strategies and subscribes to the plan at 2× with its paper account.
      await logInThroughForm(subscriberPage, baseUrl, subscriber);
      const subscriberMain = subscriberPage.locator('main');
      // The Group menu holds Strategies for a user who is not a broker panel.
      const sidebar = subscriberPage.locator('#app-sidebar');
      await sidebar.getByRole('button', { name: 'Group' }).click();
      await sidebar.getByRole('link', { name: 'Strategies', exact: true }).click();
      await subscriberPage.waitForURL('**/platform/strategies');
      const offer = subscriberMain.getByRole('article', { name: STRATEGY });
      await offer.getByRole('button', { name: `Subscribe to ${PLAN}` }).click();
      const subscribe = subscriberPage.getByRole('dialog', { name: `Subscribe to ${STRATEGY}` });
      await subscribe.getByLabel('Account').selectOption(subscriberAccount);
      await subscribe.getByLabel('Multiplier').fill(String(MULTIPLIER));
      await subscribe.getByRole('button', { name: 'Review' }).click();
      const review = subscribe.getByRole('definition');
      await expect.poll(() => review.allTextContents()).toContain(`${MULTIPLIER}×`);
      await settledArtifact(subscriberPage, 'group-strategy-subscribe-review-1280');
      await subscribe.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await subscribe.waitFor({ state: 'detached' });
      await offer.getByRole('button', { name: 'Not Subscribe' }).first().waitFor();
      // Assess: the ₹500 plan was paid once from the ₹1,000 of credit.
      await expect(callAs(baseUrl, subscriberToken, userContracts.getUserProfile, {}).then((after) => after.current_credit)).resolves.toBe(500);
      await settledArtifact(subscriberPage, 'group-strategy-subscribed-1280');

      // Act: the panel places a MARKET buy of 3 SBIN from the strategy's order ticket.
      await panel.goto(strategyUrl);
      await main.getByRole('button', { name: 'Place group order' }).click();
      const picker = panel.getByRole('dialog', { name: 'Group order: choose a script' });
      await picker.getByLabel('Script type').selectOption('EQ');
      await picker.getByLabel('Symbol').pressSequentially('SBIN', { delay: 30 });
      await picker.getByRole('list', { name: 'Scripts to trade' }).getByRole('listitem').filter({ hasText: 'NSE' }).getByRole('button', { name: /^Trade SBIN/ }).first().click();
      const ticket = panel.getByRole('dialog', { name: /^Group order: SBIN/ });
      await ticket.getByLabel('Product').selectOption('INTRADAY');
      await ticket.getByLabel('Order type').selectOption('MARKET');
      await ticket.getByLabel('Quantity').fill(String(MASTER_QUANTITY));
      // Assess: the preview gives the master 3 and the subscriber's account 3 × 2 = 6 before anything is sent.
      const preview = () => ticket.getByRole('table', { name: /Each account gets/ }).getByTestId('preview-quantity').allTextContents();
      await expect.poll(preview).toEqual([String(MASTER_QUANTITY), String(doubled)]);
      await settledArtifact(panel, 'group-strategy-ticket-1280');
      await ticket.getByRole('button', { name: 'Place buy order' }).click();
      const result = ticket.getByTestId('group-order-result');
      await result.getByText('Group order placed on 2 of 2 accounts.').waitFor({ timeout: 15_000 });
      const subscriberOutcome = result.getByRole('row', { name: subscriberAccountName });
      await subscriberOutcome.getByText(String(doubled), { exact: true }).waitFor();
      await expect(subscriberOutcome.getAttribute('data-outcome')).resolves.toBe('placed');
      await settledArtifact(panel, 'group-strategy-ticket-placed-1280');
      await ticket.getByRole('button', { name: 'Close' }).click();

      // Assess: the subscriber's Order History (Group tab) shows 6 SBIN bought, completed; the API agrees.
      await sidebar.getByRole('link', { name: 'Order History', exact: true }).click();
      await subscriberPage.waitForURL('**/platform/orderhistory');
      await subscriberMain.getByRole('navigation', { name: 'Order history tabs' }).getByRole('link', { name: 'Group' }).click();
      await subscriberPage.waitForURL('**/platform/orderhistory/grouporder');
      await subscriberMain.getByRole('row', { name: `${subscriberAccountName} BUY ${doubled} SBIN Completed` }).waitFor({ timeout: 15_000 });
      // The copy is named by its strategy, which the subscriber follows but does not own.
      await subscriberMain.getByText(STRATEGY, { exact: false }).first().waitFor();
      expect(await subscriberMain.getByText('Deleted group').count()).toBe(0);
      await settledArtifact(subscriberPage, 'group-strategy-subscriber-orders-1280');
      const orders = await callAs(baseUrl, subscriberToken, orderHistoryContracts.getUserOrders, {});
      const received = orders.items.filter((order) => order.broker_id === subscriberAccount);
      expect(received.map((order) => [order.transaction_type, order.quantity, order.status])).toEqual([['BUY', doubled, 'completed']]);

      // Assess: USERS shows the subscriber Active on the plan at 2×; RECORDS shows today's computed day with 1 trade.
      await panel.goto(`${baseUrl}/platform/group/strategy/manage/${groupId}`);
      await main.getByRole('tab', { name: 'USERS' }).click();
      const subscriberRow = main.getByRole('row', { name: /^Subscriber Trader/ });
      await subscriberRow.getByText('Active', { exact: true }).waitFor();
      await subscriberRow.getByText(PLAN, { exact: true }).waitFor();
      await subscriberRow.getByText(`${MULTIPLIER}×`, { exact: true }).waitFor();
      await settledArtifact(panel, 'group-strategy-users-1280');
      await main.getByRole('tab', { name: 'RECORDS' }).click();
      const computed = main.getByRole('table', { name: 'Computed record' });
      await computed.waitFor();
      const days = computed.locator('tbody').getByRole('row');
      await expect.poll(() => days.count()).toBe(1);
      await expect(days.first().getByRole('cell').nth(1).textContent()).resolves.toBe('1');
      await settledArtifact(panel, 'group-strategy-records-1280');

      expect(panelErrors).toEqual([]);
      expect(subscriberErrors).toEqual([]);
    } finally {
      await panelContext.close();
    }
  });
});
