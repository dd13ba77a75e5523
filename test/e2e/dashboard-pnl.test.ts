import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveArtifact } from './support/artifacts';
import { logInThroughForm } from './support/session';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');

/** A large lot, so any move of the paper feed (one tick is 5 paise) shows in the P&L. */
const QUANTITY = 2_000;

async function api(page: Page, path: string, body: unknown): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}/api/v4${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { data: Record<string, unknown> }).data;
}

/** A connected paper account with trading on, holding QUANTITY SBIN bought at the market. */
async function openPaperPosition(page: Page): Promise<string> {
  const { account } = (await api(page, '/users/broker/connectbroker', { broker: 'paper' })) as { account: { broker_id: string } };
  await api(page, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true });
  const placed = (await api(page, '/users/broker/direct/placeorder', {
    broker_id: account.broker_id,
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'INTRADAY',
    quantity: QUANTITY,
    idempotency_key: `e2e-${randomUUID()}`,
  })) as { order: { status: string } };
  expect(placed.order.status).toBe('completed');
  return account.broker_id;
}

function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Screenshots show the screen itself: the last refresh ends, its toasts are dismissed and running transitions end first. */
async function settledArtifact(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Refresh', exact: true }).waitFor();
  const toasts = page.getByRole('region', { name: 'Messages' }).getByRole('button');
  while ((await toasts.count()) > 0) await toasts.first().click();
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
  await saveArtifact(page, name);
}

describe("the dashboard's P&L in Chromium", () => {
  const session = useTraderPage('Dashboard');

  it('shows the P&L of a paper position as the market moves, with the day’s line, at 1280 and 400 px', async () => {
    const { page, trader, pageErrors } = session;
    await logInThroughForm(page, baseUrl, trader);
    const brokerId = await openPaperPosition(page);
    await page.reload();

    const pnl = page.getByRole('region', { name: "Today's P&L", exact: true });
    const total = pnl.getByTestId('pnl-total');
    await expect.poll(async () => (await total.textContent()) ?? '').toMatch(/₹/);
    const account = pnl.getByRole('listitem', { name: /^Paper Trading \(/ });
    await expect(account.getByRole('link').first().getAttribute('href')).resolves.toBe(`/platform/demat/${brokerId}`);
    await expect(page.getByRole('region', { name: 'Open positions' }).getByTestId('figure').textContent()).resolves.toBe('1');
    await expect(page.getByRole('region', { name: "Today's orders" }).getByTestId('figure').textContent()).resolves.toBe('1');
    const line = page.getByRole('region', { name: "Today's P&L through the day" });
    await line.locator('.pnl-day-chart canvas').first().waitFor();
    await expect(line.getByTestId('pnl-line-summary').textContent()).resolves.toMatch(/^Now -?₹[\d,]+\.\d{2} at \d{2}:\d{2}; best/);

    // The paper feed moves every second: read the figures again until the P&L has moved
    const first = await total.textContent();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh', exact: true }).click();
          return total.textContent();
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .not.toBe(first);
    await expect(account.getByTestId('account-total').textContent()).resolves.toBe(await total.textContent());
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await settledArtifact(page, 'dashboard-pnl-1280');

    await page.setViewportSize({ width: 400, height: 800 });
    if ((await page.locator('#app-sidebar').getAttribute('data-open')) === 'true') {
      await page.locator('.app-shell__backdrop').click({ position: { x: 390, y: 400 } });
    }
    await page.locator('#app-sidebar[data-open="false"]').waitFor({ state: 'attached' });
    await total.waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const box = await pnl.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 400).toBe(true);
    await settledArtifact(page, 'dashboard-pnl-400');
    await line.scrollIntoViewIfNeeded();
    await settledArtifact(page, 'dashboard-pnl-line-400');
    expect(pageErrors).toEqual([]);
  });
});
