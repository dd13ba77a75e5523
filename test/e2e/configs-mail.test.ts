import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Credentials } from './support/accounts';
import { collectPageErrors, launchChromium } from './support/browser';
import { logInThroughForm } from './support/session';

const baseUrl = inject('baseUrl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };
const [sandboxHost = '', sandboxPort = ''] = inject('smtpSandbox').split(':');
const outbox = join(inject('dataDir'), 'outbox');
/** Not the admin's own address: other files read the admin's mails for codes. */
const TEST_TO = 'mail-check@e2e.test';

/** The mails the local SMTP sandbox kept for an address (JSON files in the outbox, `via: smtp-sandbox`). */
async function sandboxMailsTo(address: string): Promise<{ to: string; subject: string; from: string; text: string }[]> {
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(outbox, name), 'utf8')) as { to: string; subject: string; from: string; text: string; via?: string }));
  return mails.filter((mail) => mail.via === 'smtp-sandbox' && mail.to === address);
}

/**
 * Issue 18, the Mail server card in Chromium against the local runtime: the broker panel points MAIL_CONFIG
 * at the runtime's SMTP sandbox (switched off, so the other files' mails keep their usual way), "Send test
 * mail" lands in the sandbox, and a wrong password shows the server's own "535" words.
 */
describe('the mail server settings', () => {
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

  it('saves the local SMTP server, sends a test mail into it, and shows a refusal in the server’s words', async () => {
    // Prepare
    expect(sandboxPort).toMatch(/^\d+$/);
    await logInThroughForm(page, baseUrl, admin);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Configs', exact: true }).click();
    const mail = page.locator('main').getByRole('region', { name: 'Mail server' });
    await mail.waitFor();

    // Act: the sandbox's settings, saved
    await mail.getByLabel('Mail server', { exact: true }).fill(sandboxHost);
    await mail.getByLabel('Port').fill(sandboxPort);
    await mail.getByLabel('Security').selectOption('NONE');
    await mail.getByLabel('User name').fill('sandbox');
    const replace = mail.getByRole('button', { name: 'Replace password' });
    if (await replace.isVisible()) await replace.click();
    await mail.getByLabel('Password', { exact: true }).fill('sandbox');
    await mail.getByLabel('Sender name').fill('E2E Brokers');
    await mail.getByLabel('Sender email').fill('no-reply@e2e.test');
    await mail.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Mail server settings saved.').first().waitFor();

    // Act: a test mail to another address
    await mail.getByLabel('Send it to').fill(TEST_TO);
    await mail.getByRole('button', { name: 'Send test mail' }).click();
    // Assess
    await mail.getByText(`Test mail sent to ${TEST_TO} through ${sandboxHost}:${sandboxPort}.`, { exact: false }).waitFor();
    const [received] = await sandboxMailsTo(TEST_TO);
    expect(received).toMatchObject({ subject: 'Test mail from E2E Brokers', from: 'E2E Brokers <no-reply@e2e.test>' });

    // Act: a wrong password
    await mail.getByRole('button', { name: 'Replace password' }).click();
    await mail.getByLabel('Password', { exact: true }).fill('not-the-password');
    await mail.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Mail server settings saved.').first().waitFor();
    await mail.getByRole('button', { name: 'Send test mail' }).click();
    // Assess
    await mail.getByRole('alert').filter({ hasText: /535 .*Authentication failed/ }).waitFor();
    expect(await sandboxMailsTo(TEST_TO)).toHaveLength(1);
    // The refusal is the test mail's 422 answer, which the browser reports; nothing else went wrong.
    expect(pageErrors).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
  });
});
