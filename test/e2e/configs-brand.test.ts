import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { panelConfigContracts } from '../../shared/contracts/panel-configs';
import type { Credentials } from './support/accounts';
import { apiToken, callAs } from './support/api-calls';
import { saveArtifact } from './support/artifacts';
import { collectPageErrors, launchChromium } from './support/browser';
import { logInThroughForm } from './support/session';

const baseUrl = inject('baseUrl');
const secondUrl = inject('secondTenantUrl');
const secondAdmin: Credentials = { email: inject('secondAdminEmail'), password: inject('adminPassword') };

const ORG = {
  organisation_name: 'Acme Securities Pvt Ltd',
  address: '',
  support_email: 'help@acme-securities.example',
  support_phone: '+91 80 4000 1234',
  gstin: '29AAPFU0939F1ZV',
  website: 'https://acme-securities.example',
  terms_url: '',
  privacy_url: 'https://acme-securities.example/privacy',
  twitter_url: '',
  telegram_url: '',
  youtube_url: '',
  instagram_url: '',
};

/**
 * Issue 18 in Chromium: the broker panel of the second host's franchise names its product and organisation
 * (LOGO_CONFIG, ORG_CONFIG); that host's login page then carries its brand — product name, tab title,
 * support links — from the first paint, and after signing in so do the sidebar and profile menu; the
 * first host keeps the platform's own brand.
 */
describe("a second host's own brand", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium(inject('chromiumPath'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the saved product name and organisation on the login page and in the shell, only on that host', async () => {
    // Prepare: franchise 2's broker panel saves its brand through the API.
    const token = await apiToken(secondUrl, secondAdmin);
    await callAs(secondUrl, token, panelConfigContracts.updateConfigs, { config_type: 'ORG_CONFIG', config: ORG });
    await callAs(secondUrl, token, panelConfigContracts.updateConfigs, {
      config_type: 'LOGO_CONFIG',
      config: { product_name: 'Acme Trade', horizontal_logo: '', vertical_logo: '', login_bg: '', favicon: '' },
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const pageErrors = collectPageErrors(page);
      const seenDefault: string[] = [];
      // Act: open the second host's login page.
      await page.goto(`${secondUrl}/platform/login`);
      // Assess: its brand, never the platform's name, from the start.
      await page.getByText('Acme Trade').first().waitFor({ timeout: 15_000 });
      if ((await page.locator('body').innerText()).includes('TradeBridge')) seenDefault.push('login');
      expect(await page.title()).toContain('Acme Trade');
      const links = page.getByRole('link', { name: /help@acme-securities\.example/ });
      expect(await links.count()).toBeGreaterThan(0);
      await saveArtifact(page, 'brand-login-1280');
      // Act: sign in on that host.
      await logInThroughForm(page, secondUrl, secondAdmin);
      // Assess: the shell carries the brand too.
      await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 15_000 });
      await page.locator('.sidebar__brand').getByText('Acme Trade', { exact: true }).waitFor({ timeout: 15_000 });
      if ((await page.locator('body').innerText()).includes('TradeBridge')) seenDefault.push('shell');
      expect(seenDefault).toEqual([]);
      expect(pageErrors).toEqual([]);

      // Assess: the first host is untouched.
      const other = await context.newPage();
      await other.goto(`${baseUrl}/platform/login`);
      await other.getByText('TradeBridge').first().waitFor({ timeout: 15_000 });
      expect((await other.locator('body').innerText()).includes('Acme Trade')).toBe(false);
    } finally {
      await context.close();
    }
  });
});
