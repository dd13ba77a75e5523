import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { FEATURE_TOGGLE_EVENT, featureToggleStorageKey } from '../../shared/domain/feature-toggles';
import { registerOrdinaryUser, type Credentials } from './support/accounts';
import { saveArtifact } from './support/artifacts';
import { collectPageErrors, launchChromium } from './support/browser';
import { relativeLuminance } from './support/colors';
import { expiredTokenText, logInThroughForm, pathOf } from './support/session';

const baseUrl = inject('baseUrl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };

/** The titles the signed-in screens show, by path. */
const SCREEN_TITLES: Readonly<Record<string, string>> = {
  '/dashboard': 'Dashboard',
  '/strategies': 'Strategies',
  '/activitylogs': 'Activity Logs',
  '/profile': 'Profile',
  '/notification': 'Notifications',
  '/demat': 'Demat',
  '/watchlist': 'Watch List',
  '/group/group': 'Group',
  '/group/strategy': 'Group Strategy',
  '/group/pendingorders': 'Pending Orders',
  '/bridge/jsonbridge': 'Json Bridge',
  '/bridge/custombridge': 'Custom Bridge',
  '/bridge/signal': 'Signal',
  '/bridge/position': 'Position',
  '/ordermanager': 'Order Manager',
  '/orderhistory': 'Order History',
  '/orderdetails': 'Order Details',
  '/referral': 'Referral',
  '/wallet': 'Wallet',
  '/staticip': 'Static Ip',
  '/user': 'User',
  '/transaction': 'Transaction',
  '/configs': 'Configs',
};

interface SidebarEntry {
  label: string;
  /** Links: their target; menus: null. */
  href: string | null;
}

async function sidebarEntries(sidebar: Locator): Promise<SidebarEntry[]> {
  return sidebar.locator('.sidebar__list > li > .sidebar__link').evaluateAll((elements) =>
    elements.map((element) => ({ label: element.textContent ?? '', href: element.getAttribute('href') })),
  );
}

/** Waits until the screen at `/platform{path}` shows its title, and checks no gate sent it elsewhere. */
async function expectScreen(page: Page, path: string): Promise<void> {
  await page.waitForURL(`**/platform${path}`);
  const title = SCREEN_TITLES[path];
  if (!title) throw new Error(`no title known for ${path}`);
  await page.locator('main').getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
  expect(pathOf(page)).toBe(`/platform${path}`);
}

async function openProfileMenuItem(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe('signed-in shell in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let ordinary: Credentials;

  beforeAll(async () => {
    browser = await launchChromium(inject('chromiumPath'));
    ordinary = await registerOrdinaryUser(baseUrl, 'Ordinary');
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
  });

  afterEach(async () => {
    await context?.close();
  });

  it('shows an ordinary user the ordinary sidebar, and every item opens its route', async () => {
    // Prepare
    await logInThroughForm(page, baseUrl, ordinary);
    const sidebar = page.locator('#app-sidebar');
    await page.getByRole('link', { name: /^Credit / }).waitFor();
    // Act
    const entries = await sidebarEntries(sidebar);
    // Assess
    // Static Ip shows for every user whose parent (the broker panel, for a user nobody added) allows IP purchases: the default.
    expect(entries.map((entry) => entry.label)).toEqual([
      'Dashboard', 'Demat', 'Static Ip', 'Watch List', 'Group', 'Bridge', 'Order Manager', 'Order History',
      'Order Details', 'Referral', 'Wallet', 'Activity Logs', 'Profile',
    ]);
    for (const entry of entries) {
      if (entry.href) {
        // Act
        await sidebar.getByRole('link', { name: entry.label, exact: true }).click();
        // Assess
        await expectScreen(page, entry.href.replace('/platform', ''));
        continue;
      }
      // Act: the first click on a menu opens its first item
      const menu = sidebar.getByRole('button', { name: entry.label, exact: true });
      await menu.click();
      const items = sidebar.locator(`#${await menu.getAttribute('aria-controls')} a`);
      await items.first().waitFor();
      const targets = await items.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      // Assess
      await expectScreen(page, targets[0]?.replace('/platform', '') ?? '');
      for (const target of targets) {
        // Act
        await sidebar.locator(`a[href="${target}"]`).click();
        // Assess
        await expectScreen(page, target.replace('/platform', ''));
      }
    }
    expect(pageErrors).toEqual([]);
  });

  it('shows the broker-panel admin User, Transaction, Configs and the group-strategy menu instead of groups', async () => {
    // Prepare
    await logInThroughForm(page, baseUrl, admin);
    const sidebar = page.locator('#app-sidebar');
    await sidebar.getByRole('link', { name: 'Configs', exact: true }).waitFor();
    // Act
    const labels = (await sidebarEntries(sidebar)).map((entry) => entry.label);
    // Assess
    expect(labels).toEqual([
      'Dashboard', 'Demat', 'Static Ip', 'User', 'Watch List', 'Group Startegy', 'Bridge', 'Order Manager',
      'Order History', 'Order Details', 'Referral', 'Wallet', 'Activity Logs', 'Profile', 'Transaction', 'Configs',
    ]);

    // Act
    await sidebar.getByRole('button', { name: 'Group Startegy', exact: true }).click();
    // Assess
    await expectScreen(page, '/group/strategy');
    await expect(sidebar.getByRole('link', { name: 'Group Strategy', exact: true }).isVisible()).resolves.toBe(true);
    await expect(sidebar.getByRole('link', { name: 'Group', exact: true }).count()).resolves.toBe(0);
    for (const path of ['/user', '/transaction', '/configs']) {
      await sidebar.locator(`a[href="/platform${path}"]`).click();
      await expectScreen(page, path);
    }
    expect(pageErrors).toEqual([]);
  });

  it('drops a feature from the menu and its route without a reload when its toggle goes off', async () => {
    // Prepare
    await logInThroughForm(page, baseUrl, ordinary);
    const sidebar = page.locator('#app-sidebar');
    await sidebar.getByRole('link', { name: 'Watch List', exact: true }).click();
    await expectScreen(page, '/watchlist');
    await page.evaluate(() => Object.assign(window, { sameDocumentMarker: 'still-here' }));
    // Act
    await page.evaluate(
      ([key, eventName]) => {
        localStorage.setItem(key, 'false');
        window.dispatchEvent(new Event(eventName));
      },
      [featureToggleStorageKey('watchlist'), FEATURE_TOGGLE_EVENT] as const,
    );
    // Assess
    await page.waitForURL('**/platform/dashboard');
    await sidebar.getByRole('link', { name: 'Watch List', exact: true }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocumentMarker'))).toBe('still-here');

    // Act
    await page.evaluate(
      ([key, eventName]) => {
        localStorage.setItem(key, 'true');
        window.dispatchEvent(new Event(eventName));
      },
      [featureToggleStorageKey('watchlist'), FEATURE_TOGGLE_EVENT] as const,
    );
    // Assess
    await sidebar.getByRole('link', { name: 'Watch List', exact: true }).click();
    await expectScreen(page, '/watchlist');
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocumentMarker'))).toBe('still-here');
  });

  it('checks each reset-password rule, then changes the password and keeps working with the new token', async () => {
    // Prepare
    const changer = await registerOrdinaryUser(baseUrl, 'Changer');
    await logInThroughForm(page, baseUrl, changer);
    const tokenBefore = await page.evaluate(() => localStorage.getItem('token'));
    await openProfileMenuItem(page, 'Reset Password');
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    const submit = dialog.getByRole('button', { name: 'Reset Password' });
    const newPassword = 'Sensex-Options-77';
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('old_password');
    // Act + Assess: every field is required
    await submit.click();
    for (const message of ['Old password is required.', 'New password is required.', 'Confirm password is required.']) {
      await dialog.getByText(message).waitFor();
    }
    // Act + Assess: at least 6 characters
    await dialog.getByLabel('Old password', { exact: true }).fill(changer.password);
    await dialog.getByLabel('New password', { exact: true }).fill('abc');
    await dialog.getByLabel('Confirm password', { exact: true }).fill('abc');
    await submit.click();
    await dialog.getByText('Password must be at least 6 characters long.').waitFor();
    // Act + Assess: the confirmation must match
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm password', { exact: true }).fill(`${newPassword}x`);
    await submit.click();
    await dialog.getByText('New password and confirm password do not match.').waitFor();
    // Act + Assess: show / hide
    await dialog.getByRole('button', { name: 'Show new password' }).click();
    expect(await dialog.getByLabel('New password', { exact: true }).getAttribute('type')).toBe('text');
    await saveArtifact(page, 'reset-password-dialog-1280');
    // Act: a valid change
    await dialog.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await submit.click();
    // Assess
    await page.getByRole('region', { name: 'Messages' }).getByText('Password changed successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const tokenAfter = await page.evaluate(() => localStorage.getItem('token'));
    expect(tokenAfter).not.toBeNull();
    expect(tokenAfter).not.toBe(tokenBefore);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Profile', exact: true }).click();
    await expectScreen(page, '/profile');
    await page.getByText(changer.email).first().waitFor();

    // Act: the new password logs in
    await openProfileMenuItem(page, 'Log Out');
    await page.waitForURL('**/platform/login');
    await logInThroughForm(page, baseUrl, { email: changer.email, password: newPassword });
    // Assess
    expect(pathOf(page)).toBe('/platform/dashboard');
    expect(pageErrors).toEqual([]);
  });

  it('logs out to /login, forgets the session, and the server no longer takes a copy of the token', async () => {
    // Prepare
    await logInThroughForm(page, baseUrl, ordinary);
    const copied = await page.evaluate(() => localStorage.getItem('token'));
    // Act
    await openProfileMenuItem(page, 'Log Out');
    // Assess
    await page.waitForURL('**/platform/login');
    await page.getByLabel('Email or mobile number').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect.poll(async () => (await fetch(`${baseUrl}/api/v4/users/getuserprofile`, { headers: { authorization: `Bearer ${copied ?? ''}` } })).status).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('user_key'))).toBeNull();
    await page.goto(`${baseUrl}/platform/wallet`);
    await page.waitForURL('**/platform/login');
  });

  it('removes an expired stored token and opens /login', async () => {
    // Prepare
    await page.goto(`${baseUrl}/platform/login`);
    await page.evaluate((token) => localStorage.setItem('token', token), expiredTokenText());
    // Act
    await page.goto(`${baseUrl}/platform/dashboard`);
    // Assess
    await page.waitForURL('**/platform/login');
    await page.getByLabel('Email or mobile number').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it.each([1280, 400])('looks right at %i px: dark dashboard and an open notifications dropdown inside the screen', async (width) => {
    // Prepare
    await page.setViewportSize({ width, height: 800 });
    const viewer = await registerOrdinaryUser(baseUrl, 'Viewer');
    await logInThroughForm(page, baseUrl, viewer);
    await page.getByRole('region', { name: "Today's P&L", exact: true }).waitFor();
    await page.getByRole('link', { name: /^Credit / }).waitFor();
    // Assess: dark, nothing wider than the screen
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(relativeLuminance(background)).toBeLessThan(0.1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveArtifact(page, `dashboard-${width}`);

    // Act
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Latest notifications' });
    await panel.getByRole('listitem').first().waitFor();
    // Assess: 350 px wide at most, 400 px high at most, fully on screen
    const box = await panel.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.width ?? 0).toBeLessThanOrEqual(350);
    expect(box?.height ?? 0).toBeLessThanOrEqual(400);
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await expect(panel.getByRole('img', { name: 'Welcome' }).isVisible()).resolves.toBe(true);
    await saveArtifact(page, `notifications-${width}`);

    // Act: close it; open the Bridge submenu (the drawer below 1000 px closes on the way, so reopen it)
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    const sidebar = page.locator('#app-sidebar');
    if ((await sidebar.getAttribute('data-open')) === 'false') await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.getByRole('button', { name: 'Bridge', exact: true }).click();
    await page.waitForURL('**/platform/bridge/jsonbridge');
    if ((await sidebar.getAttribute('data-open')) === 'false') await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.getByRole('link', { name: 'Position', exact: true }).waitFor();
    await sidebar.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    // Assess
    await saveArtifact(page, `sidebar-bridge-${width}`);
    expect(pageErrors).toEqual([]);
  });
});
