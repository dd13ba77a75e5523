import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dismissToasts, fitReport, saveFullPageArtifact, type FitReport } from './support/fit-checks';
import { narrowTo400 } from './support/screens';
import { logInThroughForm } from './support/session';
import { setUpTraderDesk, type TraderDesk } from './support/trader-desk';
import { useTraderPage } from './support/trader-page';

const baseUrl = inject('baseUrl');

/** A screen with tables: where it is, whether its list is first switched to the Table view, and what shows it has loaded. */
interface TableScreen {
  name: string;
  path: (desk: TraderDesk) => string;
  tableView?: boolean;
  /** Rows (or cards) the screen shows once loaded, at least. */
  rows: number;
  /** A text that shows once the screen's data has loaded. */
  shows: (desk: TraderDesk) => string | RegExp;
}

/** Every screen the issue names with tables: the account page, order history, groups, signals, the order manager, demat and watch lists. */
const SCREENS: readonly TableScreen[] = [
  { name: 'account', path: (desk) => `/platform/demat/${desk.accountIds[2]}`, rows: 4, shows: (desk) => desk.optionSymbol },
  { name: 'order-history', path: () => '/platform/orderhistory', rows: 7, shows: (desk) => desk.accountNames[2] ?? '' },
  { name: 'group-order-history', path: () => '/platform/orderhistory/grouporder', rows: 6, shows: (desk) => desk.groupName },
  { name: 'groups', path: () => '/platform/group/group', tableView: true, rows: 1, shows: (desk) => desk.groupName },
  { name: 'group', path: (desk) => `/platform/group/group/${desk.groupId}`, rows: 9, shows: (desk) => desk.accountNames[1] ?? '' },
  { name: 'group-positions', path: (desk) => `/platform/group/group/${desk.groupId}/positions`, rows: 2, shows: (desk) => desk.optionSymbol },
  { name: 'pending-orders', path: () => '/platform/group/pendingorders', rows: 3, shows: () => /^Pending$/ },
  { name: 'signals', path: () => '/platform/bridge/signal', rows: 2, shows: () => 'executed' },
  { name: 'bridge-positions', path: () => '/platform/bridge/position', rows: 1, shows: () => 'OPEN' },
  { name: 'bridges', path: () => '/platform/bridge/custombridge', tableView: true, rows: 1, shows: (desk) => desk.bridgeName },
  { name: 'ordermanager', path: () => '/platform/ordermanager', rows: 2, shows: (desk) => desk.orderGroupName },
  { name: 'demat', path: () => '/platform/demat', tableView: true, rows: 3, shows: (desk) => desk.accountNames[2] ?? '' },
  { name: 'watchlist', path: () => '/platform/watchlist', rows: 2, shows: () => 'NSE:SBIN' },
  { name: 'activity-logs', path: () => '/platform/activitylogs', rows: 3, shows: () => 'Logged in' },
];

/** Opens a screen, switches its list to the Table view where it has one, and waits for its rows (or cards). */
async function openScreen(page: Page, screen: TableScreen, desk: TraderDesk): Promise<void> {
  const main = page.locator('main');
  await page.goto(`${baseUrl}${screen.path(desk)}`);
  if (screen.tableView) await main.getByRole('button', { name: 'Table', exact: true }).click();
  await main.getByText(screen.shows(desk)).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
  const rows = main.locator('.column-table tbody tr[aria-label], .column-card');
  await expect.poll(() => rows.count(), { timeout: 30_000, message: `${screen.name}: rows or cards` }).toBeGreaterThanOrEqual(screen.rows);
  await dismissToasts(page);
}

/** The report with what went wrong named in the failure: the screen and the elements. */
const readable = (name: string, report: FitReport) => `${name}: ${JSON.stringify(report, null, 1)}`;

describe('tables that fit in Chromium: every table of a busy desk at 1280 px and at 400 px', () => {
  const session = useTraderPage('Tables');
  let desk: TraderDesk;

  beforeAll(async () => {
    desk = await setUpTraderDesk(baseUrl, session.trader);
    await logInThroughForm(session.page, baseUrl, session.trader);
  }, 120_000);

  it('fits every table in the window at 1280 px with the sidebar open: no sideways scroll, every column and button in view', async () => {
    const { page, pageErrors } = session;
    for (const screen of SCREENS) {
      // Act
      await openScreen(page, screen, desk);
      // Assess
      await expect(page.locator('#app-sidebar').getAttribute('data-open')).resolves.toBe('true');
      const report = await fitReport(page);
      const message = readable(screen.name, report);
      expect(report.pageOverflow, message).toBeLessThanOrEqual(0);
      expect(report.tooWide, message).toEqual([]);
      expect(report.tables.length, message).toBeGreaterThan(0);
      for (const table of report.tables) {
        expect(table.tableWidth, message).toBeLessThanOrEqual(table.boxWidth);
        expect(table.hiddenColumns, message).toBe(0);
      }
      expect(report.hiddenActions, message).toEqual([]);
      expect(report.cards, message).toBe(0);
      await saveFullPageArtifact(page, `tables-${screen.name}-1280`);
    }
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it('shows every table as cards at 400 px, each card with its buttons in the window after scrolling down only', async () => {
    const { page, pageErrors } = session;
    await narrowTo400(page);
    for (const screen of SCREENS) {
      // Act
      await openScreen(page, screen, desk);
      // Assess
      const report = await fitReport(page);
      const message = readable(screen.name, report);
      expect(report.pageOverflow, message).toBeLessThanOrEqual(0);
      expect(report.tooWide, message).toEqual([]);
      expect(report.tables, message).toEqual([]);
      expect(report.cards, message).toBeGreaterThanOrEqual(screen.rows);
      expect(report.hiddenActions, message).toEqual([]);
      expect(report.scrollX, message).toBe(0);
      await expect(page.locator('main table').count()).resolves.toBe(0);
      await saveFullPageArtifact(page, `tables-${screen.name}-400`);
    }
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
