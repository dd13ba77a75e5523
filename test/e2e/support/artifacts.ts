import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** test/e2e/artifacts/: screenshots for a human to look at (git-ignored). */
export const ARTIFACT_DIR = resolve(fileURLToPath(new URL('../artifacts', import.meta.url)));

/** Saves a viewport screenshot (what the user sees, open dropdowns included) as test/e2e/artifacts/<name>.png. */
export async function saveArtifact(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACT_DIR, { recursive: true });
  const path = join(ARTIFACT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
