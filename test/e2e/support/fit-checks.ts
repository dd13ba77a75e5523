import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACT_DIR } from './artifacts';

/** How a screen's tables sit in the window: what sticks out, and how each table (or its cards) shows. */
export interface FitReport {
  /** How far the page is wider than the window (0: nothing scrolls sideways). */
  pageOverflow: number;
  /** Elements reaching past the window's right edge or wider than it, described for the failure message. */
  tooWide: string[];
  /** Each table's box: its name, its width and the width its table needs, and the columns hidden. */
  tables: { name: string; boxWidth: number; tableWidth: number; hiddenColumns: number }[];
  cards: number;
  /** A table row's or card's button not wholly in the window once scrolled to (vertically only), or covered. */
  hiddenActions: string[];
  /** Where the window was scrolled sideways at the end (0: never). */
  scrollX: number;
}

/**
 * Reads the screen as a trader would see it: the page and every element against the window's width,
 * each table's box against its table, and every button of a table row or card, scrolled into view
 * vertically (the window cannot scroll sideways when nothing sticks out) and checked to be inside the
 * window and on top (not under the top bar or a toast).
 */
export function fitReport(page: Page): Promise<FitReport> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const classes = [...element.classList].slice(0, 3).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" (${Math.round(box.left)}–${Math.round(box.right)} px)`;
    };
    const tooWide = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.right > width + 1 || box.width > width + 1);
      })
      .map(describe);
    const tables = [...document.querySelectorAll('main .column-table')].map((box) => ({
      name: box.querySelector('caption')?.textContent ?? box.className,
      boxWidth: box.clientWidth,
      tableWidth: box.scrollWidth,
      hiddenColumns: [...box.querySelectorAll('th')].filter((header) => getComputedStyle(header).display === 'none').length,
    }));
    const buttons = [...document.querySelectorAll('main .column-table tbody button, main .column-card__actions button')];
    const hiddenActions = buttons
      .filter((button) => {
        // Instant: Amplify scrolls smoothly while the page holds the focus, and the box is read right after.
        button.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
        const box = button.getBoundingClientRect();
        const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const inWindow = box.width > 0 && box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= window.innerHeight;
        return !inWindow || !onTop || !button.contains(onTop);
      })
      .map(describe);
    return {
      pageOverflow: document.documentElement.scrollWidth - width,
      tooWide,
      tables,
      cards: document.querySelectorAll('main .column-card').length,
      hiddenActions,
      scrollX: window.scrollX,
    };
  });
}

/** Closes the toasts (they lie over the top right corner) so they neither cover a button nor a screenshot. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByRole('region', { name: 'Messages' }).getByRole('button');
  while ((await toasts.count()) > 0) await toasts.first().click();
}

/** A full-page screenshot as test/e2e/artifacts/<name>.png, for a human to look at. */
export async function saveFullPageArtifact(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACT_DIR, { recursive: true });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: join(ARTIFACT_DIR, `${name}.png`), fullPage: true });
}
