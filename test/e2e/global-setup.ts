import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/engines/free-port';
import { startLocalRuntime } from '../../infra/local/runtime';
import { seedFirstRun } from '../../infra/local/seed';
import { createUser, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { hashPassword } from '../../functions/platform/auth/passwords';
import { startKiteSandbox } from './support/kite-sandbox';

const ADMIN_EMAIL = 'admin@e2e.test';
const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';
/** The broker panel of the second host's franchise (2), seeded like the first one's. */
const SECOND_ADMIN_EMAIL = 'admin2@e2e.test';
/** A user of franchise 1 that may add sub-users (issue 19: "Link User"); same password as the admins. */
const PARENT_EMAIL = 'parent@e2e.test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the local runtime, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    chromiumPath: string;
    /** The runtime's data folder: the local mail outbox is `<dataDir>/outbox`, files `<dataDir>/files`. */
    dataDir: string;
    /** Origin of the same runtime under a host mapped to franchise 2 (another white-label tenant). */
    secondTenantUrl: string;
    /** The broker-panel admin of franchise 2 (the second host); same password as the first admin. */
    secondAdminEmail: string;
    /** A parent of franchise 1 that can add sub-users (not broker panel); same password as the admins. */
    parentEmail: string;
    /** The runtime's local SMTP server, `127.0.0.1:<port>` (login sandbox / sandbox; what it takes lands in the outbox). */
    smtpSandbox: string;
    /** The runtime's local SFTP server as JSON `{address, username, password, folder}` (files land in `folder`). */
    sftpSandbox: string;
    /** The Kite fake's control server (support/kite-sandbox.ts): request tokens, the IP whitelist, what it saw. */
    kiteControl: string;
  }
}

/** Starts the whole local platform (engines, API, built SPA) once for the e2e project, on a throwaway data dir. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it with 'apt-get install -y --no-install-recommends chromium' (or set CHROMIUM_PATH)`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tradebridge-e2e-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const kite = await startKiteSandbox();
  try {
    const port = await freePort();
    const runtime = await startLocalRuntime({
      host: '127.0.0.1',
      port,
      franchiseHosts: { [`localhost:${port}`]: 2 },
      dataDir,
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      quiet: true,
    });
    await seedFirstRun(2, { email: SECOND_ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await createUser({
      frch_id: 1,
      email: PARENT_EMAIL,
      first_name: 'Parent',
      last_name: 'Trader',
      mobile_no: '9000000011',
      ...NEW_USER_DEFAULTS,
      can_add_subuser: true,
      password_hash: await hashPassword(ADMIN_PASSWORD),
    });
    project.provide('parentEmail', PARENT_EMAIL);
    project.provide('baseUrl', runtime.url);
    project.provide('secondAdminEmail', SECOND_ADMIN_EMAIL);
    project.provide('adminEmail', ADMIN_EMAIL);
    project.provide('adminPassword', ADMIN_PASSWORD);
    project.provide('chromiumPath', chromiumPath);
    project.provide('dataDir', dataDir);
    project.provide('secondTenantUrl', `http://localhost:${port}`);
    project.provide('smtpSandbox', runtime.endpoints.smtpSandbox ?? '');
    project.provide('sftpSandbox', JSON.stringify(runtime.endpoints.sftpSandbox));
    project.provide('kiteControl', kite.controlUrl);
    return async () => {
      await runtime.stop();
      await kite.stop();
      removeDataDir();
    };
  } catch (error) {
    await kite.stop();
    removeDataDir();
    throw error;
  }
}
