import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Credentials } from './support/accounts';
import { collectPageErrors, launchChromium } from './support/browser';
import { logInThroughForm } from './support/session';

const baseUrl = inject('baseUrl');
const admin: Credentials = { email: inject('adminEmail'), password: inject('adminPassword') };
const sandbox = JSON.parse(inject('sftpSandbox')) as { address: string; username: string; password: string; folder: string } | null;
const FOLDER = 'e2e-exports';

/**
 * Issue 18, the File transfer card in Chromium against the local runtime: the broker panel points
 * FTP_CONFIG at the runtime's SFTP sandbox (nightly export off), "Test connection" answers with the
 * server's key, "Send now" puts the day's three CSV files into the sandbox's folder, and the run shows in
 * the export history.
 */
describe('the file transfer settings', () => {
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

  it('saves the local SFTP server, tests it, and sends the day’s files into it', async () => {
    // Prepare
    if (!sandbox) throw new Error('the local runtime runs no SFTP sandbox');
    const [host = '', port = ''] = sandbox.address.split(':');
    await logInThroughForm(page, baseUrl, admin);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Configs', exact: true }).click();
    const ftp = page.locator('main').getByRole('region', { name: 'File transfer' });
    await ftp.waitFor();

    // Act: the sandbox's settings, saved
    await ftp.getByLabel('Protocol', { exact: true }).selectOption('SFTP');
    await ftp.getByLabel('Server', { exact: true }).fill(host);
    await ftp.getByLabel('Port', { exact: true }).fill(port);
    await ftp.getByLabel('User name', { exact: true }).fill(sandbox.username);
    const replace = ftp.getByRole('button', { name: 'Replace password' });
    if (await replace.isVisible()) await replace.click();
    await ftp.getByLabel('Password', { exact: true }).fill(sandbox.password);
    await ftp.getByLabel('Folder on the server').fill(FOLDER);
    await ftp.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('File transfer settings saved.').first().waitFor();

    // Act: test the connection
    await ftp.getByRole('button', { name: 'Test connection' }).click();
    // Assess
    await ftp.getByText(`Connected. The folder "${FOLDER}" is ready for the files.`).waitFor();
    await ftp.getByText(/The server's key is SHA256:/).waitFor();

    // Act: send today's export
    await ftp.getByRole('button', { name: 'Send now' }).click();
    // Assess
    await ftp.getByText(/^The export of \d{2}-\d{2}-\d{4} was sent:/).waitFor();
    const files = (await readdir(join(sandbox.folder, FOLDER))).sort();
    expect(files).toHaveLength(3);
    expect(files.map((name) => name.replace(/^1-\d{4}-\d{2}-\d{2}-/, ''))).toEqual(['ledger.csv', 'orders.csv', 'payments.csv']);
    const orders = await readFile(join(sandbox.folder, FOLDER, files[1] as string), 'utf8');
    expect(orders.split('\r\n')[0]).toMatch(/^order_id,created_at,user_id,user_name,user_email,/);
    await ftp.getByRole('row', { name: /^Export of \d{2}-\d{2}-\d{4} started/ }).first().getByText('Sent').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
