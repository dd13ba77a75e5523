import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { authContracts } from '../../shared/contracts/auth';
import { successEnvelope } from '../../shared/contracts/envelope';
import { readOutbox } from '../../functions/platform/mail/outbox-mailer';
import type { Credentials } from './support/accounts';
import { saveArtifact } from './support/artifacts';
import { collectPageErrors, launchChromium } from './support/browser';
import { relativeLuminance } from './support/colors';
import { logInThroughForm, pathOf } from './support/session';

const baseUrl = inject('baseUrl');
const secondTenantUrl = inject('secondTenantUrl');
const outboxDir = join(inject('dataDir'), 'outbox');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };

/** A valid RGB PNG drawn by `color(x, y)`: the server checks an upload's signature, not its name. */
function pngImage(width: number, height: number, color: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => color(x, y)).flat()]),
  );
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A deep teal-to-indigo gradient: dark enough for the login card to stay readable over it. */
const LOGIN_BACKGROUND = pngImage(320, 180, (x, y) => [10 + Math.round(x / 16), 40 + Math.round(y / 6), 70 + Math.round(x / 5)]);
const PROFILE_PICTURE = pngImage(64, 64, (x, y) => [200, 120 + x, 60 + y]);

function newAccount(): Credentials & { firstName: string; mobile: string } {
  const stamp = `${Date.now()}${randomInt(1000, 9999)}`;
  return {
    firstName: 'Meera',
    email: `meera-${stamp}@e2e.test`,
    mobile: `8${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
    password: 'Sensex-Swing-Trader-77',
  };
}

/** The code of the newest mail to `email` with the subject, waiting for the mail to arrive. */
async function codeMailedTo(email: string, subject: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mails = (await readOutbox(outboxDir)).filter((mail) => mail.to === email && mail.subject === subject);
    const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no '${subject}' mail reached ${email}`);
}

const loginAnswerSchema = successEnvelope(authContracts.userLogin.response);

async function apiToken(credentials: Credentials): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v4/auth/userlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  return loginAnswerSchema.parse(await response.json()).data.token;
}

/** The admin sets its franchise's login background through the API (multipart, as the configs screen will). */
async function setLoginBackground(image: Buffer): Promise<void> {
  const form = new FormData();
  form.append('image_type', 'login_bg');
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'login-bg.png');
  const response = await fetch(`${baseUrl}/api/v4/users/setwhitelabelimages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await apiToken(admin)}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The headline figure of a dashboard card. */
function figure(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true }).getByTestId('figure');
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out', exact: true }).click();
  await page.waitForURL('**/platform/login');
}

describe('accounts in Chromium', () => {
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

  it('shows the plain login screen, dark and readable at 1280 px and 400 px', async () => {
    // Act
    await page.goto(`${secondTenantUrl}/platform/login`);
    await page.getByLabel('Email or mobile number').waitFor();
    // Assess
    await expect(page.locator('.auth-screen').getAttribute('data-background')).resolves.toBe('plain');
    await expect(page.getByRole('heading', { level: 1, name: 'TradeBridge' }).isVisible()).resolves.toBe(true);
    const cardColor = await page.locator('.auth-screen__card').evaluate((card) => getComputedStyle(card).backgroundColor);
    expect(relativeLuminance(cardColor)).toBeLessThan(0.1);
    await saveArtifact(page, 'login-1280');
    await page.setViewportSize({ width: 400, height: 760 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveArtifact(page, 'login-400');
    expect(pageErrors).toEqual([]);
  });

  it('registers a new user who lands on the dashboard, logs out and back in, and sees zeros and credit', async () => {
    // Prepare
    const account = newAccount();
    await page.goto(`${baseUrl}/platform/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/platform/register');
    await saveArtifact(page, 'register-1280');
    // Act
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Mobile number').fill(account.mobile);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Assess: logged in automatically
    await page.waitForURL('**/platform/dashboard');
    await figure(page, 'Broker accounts').waitFor();
    await logOut(page);
    // Act: the same credentials work on the login form
    await logInThroughForm(page, baseUrl, account);
    // Assess
    await expect(figure(page, 'Broker accounts').textContent()).resolves.toBe('0');
    await expect(figure(page, "Today's orders").textContent()).resolves.toBe('0');
    await expect(figure(page, 'Open positions').textContent()).resolves.toBe('0');
    await expect(figure(page, 'Credit').textContent()).resolves.toMatch(/^₹\d/);
    await expect(page.getByText('No broker accounts connected yet.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Profile menu' }).textContent()).resolves.toContain(account.firstName);
    await saveArtifact(page, 'dashboard-new-user-1280');
    expect(pageErrors).toEqual([]);
  });

  it('resets a forgotten password with the code from the mail and logs in with the new one', async () => {
    // Prepare
    const account = newAccount();
    await page.goto(`${baseUrl}/platform/register`);
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Mobile number').fill(account.mobile);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/platform/dashboard');
    await logOut(page);
    // Act: step 1
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('If an account exists, we have sent a 6-digit code to its email.').waitFor();
    await saveArtifact(page, 'forgot-password-code-1280');
    const code = await codeMailedTo(account.email, 'Your TradeBridge password reset code');
    // Act: a wrong code first, then the mailed one
    const wrongCode = code === '000000' ? '111111' : '000000';
    const newPassword = 'Midcap-Momentum-Rider-58';
    await page.getByLabel('OTP').fill(wrongCode);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText('The OTP is incorrect.').waitFor();
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Reset password' }).click();
    // Assess
    await page.waitForURL('**/platform/login');
    await page.getByText('Your password has been reset. Log in with your new password.').waitFor();
    await logInThroughForm(page, baseUrl, { email: account.email, password: newPassword });
    expect(pathOf(page)).toBe('/platform/dashboard');
  });

  it('edits the profile with a new picture, and the top bar avatar shows it', async () => {
    // Prepare
    const account = newAccount();
    await page.goto(`${baseUrl}/platform/register`);
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Mobile number').fill(account.mobile);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/platform/dashboard');
    await page.goto(`${baseUrl}/platform/profile`);
    // Act
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('City').fill('Chennai');
    await page.getByLabel('State').fill('Tamil Nadu');
    await page.getByLabel('Age range').selectOption('30-50');
    await page.getByLabel('Profile picture', { exact: true }).setInputFiles({ name: 'meera.png', mimeType: 'image/png', buffer: PROFILE_PICTURE });
    await page.getByRole('img', { name: 'New profile picture preview' }).waitFor();
    await saveArtifact(page, 'profile-edit-1280');
    await page.getByRole('button', { name: 'Save profile' }).click();
    // Assess
    await page.getByText('Your profile has been saved.').waitFor();
    const main = page.locator('main');
    await main.getByText('Chennai', { exact: true }).waitFor();
    await expect(main.getByText('30-50', { exact: true }).isVisible()).resolves.toBe(true);
    const avatar = page.locator('header img');
    await avatar.waitFor();
    await expect(avatar.getAttribute('src')).resolves.toMatch(/\/files\//);
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('header img');
      return Boolean(image?.complete && image.naturalWidth > 0);
    });
    await saveArtifact(page, 'profile-saved-1280');
    expect(pageErrors).toEqual([]);
  });

  it("lists a new user's activity and notifications, and marks the notifications read", async () => {
    // Prepare
    const account = newAccount();
    await page.goto(`${baseUrl}/platform/register`);
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Mobile number').fill(account.mobile);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/platform/dashboard');
    // Act
    await page.goto(`${baseUrl}/platform/activitylogs`);
    // Assess
    const table = page.locator('main table');
    await table.waitFor();
    await expect(table.getByRole('cell', { name: 'Logged in' }).count()).resolves.toBeGreaterThan(0);
    await expect(table.locator('tbody tr').first().locator('td').first().textContent()).resolves.toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await saveArtifact(page, 'activity-logs-1280');
    await page.setViewportSize({ width: 400, height: 760 });
    await page.reload();
    // On a phone the log is a list of cards.
    await page.locator('main').getByRole('list', { name: 'Activity log, times in Asia/Kolkata' }).waitFor();
    await saveArtifact(page, 'activity-logs-400');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Act
    await page.goto(`${baseUrl}/platform/notification`);
    const list = page.locator('main').getByRole('list', { name: 'Notifications' });
    await list.locator('li[data-read="false"]').first().waitFor();
    await saveArtifact(page, 'notifications-page-1280');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    // Assess
    await page.locator('main').getByText('Everything is read.').waitFor();
    await expect(list.locator('li[data-read="false"]').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("shows the tenant's own login background on its host, and none on another tenant's host", async () => {
    // Prepare
    await setLoginBackground(LOGIN_BACKGROUND);
    // Act
    await page.goto(`${baseUrl}/platform/login`);
    await page.locator('.auth-screen[data-background="white-label"]').waitFor();
    // Assess
    const background = await page.locator('.auth-screen').evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(background).toMatch(/url\(".*\/files\/.+"\)/);
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    await saveArtifact(page, 'login-white-label-1280');
    await page.setViewportSize({ width: 400, height: 760 });
    await saveArtifact(page, 'login-white-label-400');
    // Act: another tenant's host
    const otherTenant = await context.newPage();
    await otherTenant.goto(`${secondTenantUrl}/platform/login`);
    await otherTenant.getByLabel('Email or mobile number').waitFor();
    // Assess
    await expect(otherTenant.locator('.auth-screen').getAttribute('data-background')).resolves.toBe('plain');
    expect(pageErrors).toEqual([]);
  });
});
