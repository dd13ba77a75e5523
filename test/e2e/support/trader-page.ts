import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { registerOrdinaryUser, type Credentials } from './accounts';
import { collectPageErrors, launchChromium } from './browser';

/** What a describe block's tests drive: set in its beforeAll, so read it inside the tests. */
export interface TraderPage {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** A 1280 × 800 page, collecting its console and page errors into `pageErrors`. */
  readonly page: Page;
  readonly pageErrors: string[];
  /** A newly registered ordinary user (not logged in yet). */
  readonly trader: Credentials;
}

/** For one describe block: Chromium, a new ordinary user named `firstName`, and a page for them; all closed after the block. */
export function useTraderPage(firstName: string): TraderPage {
  const session: { -readonly [K in keyof TraderPage]?: TraderPage[K] } = {};
  beforeAll(async () => {
    session.browser = await launchChromium(inject('chromiumPath'));
    session.trader = await registerOrdinaryUser(inject('baseUrl'), firstName);
    session.context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    session.page = await session.context.newPage();
    session.pageErrors = collectPageErrors(session.page);
  });
  afterAll(async () => {
    await session.context?.close();
    await session.browser?.close();
  });
  return session as TraderPage;
}
