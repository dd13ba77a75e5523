import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { saveArtifact } from './artifacts';

/** Screenshots show the screen itself: earlier toasts are dismissed and running transitions end first. */
export async function settledArtifact(page: Page, name: string): Promise<void> {
  const toasts = page.getByRole('region', { name: 'Messages' }).getByRole('button');
  while ((await toasts.count()) > 0) await toasts.first().click();
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
  await saveArtifact(page, name);
}

/** A phone-sized screen; the sidebar, left open from the wide screen, becomes a drawer and is closed. */
export async function narrowTo400(page: Page): Promise<void> {
  await page.setViewportSize({ width: 400, height: 800 });
  if ((await page.locator('#app-sidebar').getAttribute('data-open')) === 'true') {
    await page.locator('.app-shell__backdrop').click({ position: { x: 390, y: 400 } });
  }
  await page.locator('#app-sidebar[data-open="false"]').waitFor({ state: 'attached' });
}

/** How far the page is wider than the window (0: nothing scrolls sideways). */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Demat → Connect Paper Trading → trading on, as a new user does first; answers the account's name. */
export async function connectTradingPaperAccount(page: Page): Promise<string> {
  const main = page.locator('main');
  await page.locator('#app-sidebar').getByRole('link', { name: 'Demat', exact: true }).click();
  await page.waitForURL('**/platform/demat');
  await main.getByRole('button', { name: 'Connect Paper Trading' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Paper Trading' });
  await connect.getByRole('button', { name: 'Connect', exact: true }).click();
  await connect.waitFor({ state: 'detached' });
  const card = main.getByRole('article', { name: /^Paper Trading \(/ });
  await card.getByText('Trading', { exact: true }).click();
  await expect.poll(() => card.getByRole('switch', { name: 'Trading' }).isChecked()).toBe(true);
  return (await card.getAttribute('aria-label')) ?? '';
}

/** The text of a positions-table cell, by its column name. */
export const cellText = async (row: Locator, column: string) => ((await row.locator(`[data-column="${column}"]`).textContent()) ?? '').trim();
