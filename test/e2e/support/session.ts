import type { Page } from 'playwright-core';
import type { Credentials } from './accounts';

/** Logs in through the login form and waits for the dashboard. */
export async function logInThroughForm(page: Page, baseUrl: string, credentials: Credentials): Promise<void> {
  await page.goto(`${baseUrl}/platform/login`);
  await page.getByLabel('Email or mobile number').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/platform/dashboard');
}

/** A JWT-shaped token whose `exp` lies an hour in the past (the SPA only decodes the payload). */
export function expiredTokenText(): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const nowSeconds = Math.floor(Date.now() / 1000);
  const claims = { user_id: 1, frch_id: 1, iat: nowSeconds - 7200, exp: nowSeconds - 3600, jti: 'expired' };
  return `${encode({ alg: 'EdDSA', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname;
