import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { errorEnvelopeSchema } from '../../shared/contracts/envelope';
import { collectPageErrors, launchChromium, saveScreenshot } from './support/browser';
import { relativeLuminance } from './support/colors';
import { logInThroughForm, pathOf } from './support/session';

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

describe('platform SPA in Chromium', () => {
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
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    pageErrors = collectPageErrors(page);
  });

  afterEach(async () => {
    await context?.close();
  });

  it('opens /platform/ at the login form, dark, without console errors', async () => {
    // Act
    await page.goto(`${baseUrl}/platform/`);
    await page.getByLabel('Email or mobile number').waitFor();
    // Assess
    expect(pathOf(page)).toBe('/platform/login');
    await expect(page.getByRole('button', { name: 'Log In' }).isVisible()).resolves.toBe(true);
    expect(await page.locator('html').getAttribute('data-amplify-color-mode')).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(relativeLuminance(background)).toBeLessThan(0.1);
    await expect(page.locator('aside').count()).resolves.toBe(0);
    await saveScreenshot(page, 'login');
    expect(pageErrors).toEqual([]);
  });

  it('sends an unknown deep link to /platform/login', async () => {
    // Act
    await page.goto(`${baseUrl}/platform/orderhistory/does-not-exist`);
    await page.getByLabel('Email or mobile number').waitFor();
    // Assess
    expect(pathOf(page)).toBe('/platform/login');
  });

  it("shows the server's message for wrong credentials", async () => {
    // Prepare
    await page.goto(`${baseUrl}/platform/login`);
    // Act
    await page.getByLabel('Email or mobile number').fill(adminEmail);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    // Assess
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('');
    expect(pathOf(page)).toBe('/platform/login');
  });

  it('logs the admin in to the dashboard and out again', async () => {
    // Act
    await logInThroughForm(page, baseUrl, { email: adminEmail, password: adminPassword });
    // Assess
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('complementary').getByRole('heading').textContent()).toContain('v4.5.46');
    await expect(page.getByRole('heading', { name: 'Dashboard' }).isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'dashboard');

    // Act
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out', exact: true }).click();
    await page.waitForURL('**/platform/login');
    // Assess
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user_key'))).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('fits a 375 px phone screen, where the sidebar is a drawer that closes after a click', async () => {
    // Prepare
    await page.setViewportSize({ width: 375, height: 740 });
    await logInThroughForm(page, baseUrl, { email: adminEmail, password: adminPassword });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // Act
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    // Assess
    expect(overflow).toBeLessThanOrEqual(0);
    const sidebar = page.locator('#app-sidebar');
    await expect(sidebar.getAttribute('data-open')).resolves.toBe('false');
    await saveScreenshot(page, 'dashboard-mobile');

    // Act
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.getByRole('link', { name: 'Dashboard' }).waitFor();
    await sidebar.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await saveScreenshot(page, 'dashboard-mobile-sidebar');
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    // Assess
    await expect(sidebar.getAttribute('data-open')).resolves.toBe('false');
  });
});

describe('API behind the gateway', () => {
  it('answers 401 with the error envelope to a bad bearer token', async () => {
    // Act
    const response = await fetch(`${baseUrl}/api/v4/users/getuserprofile`, {
      headers: { Authorization: 'Bearer not-a-token' },
    });
    // Assess
    expect(response.status).toBe(401);
    const body = errorEnvelopeSchema.parse(await response.json());
    expect(body.status).toBe(false);
    expect(body.error.code).toBe('UNAUTHORIZED');
    expect(body.error.message.length).toBeGreaterThan(0);
  });
});
