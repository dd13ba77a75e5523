import { defineConfig } from 'vitest/config';
import { WEB_ALIASES } from './web/vite.config';

/** The SDK warns on Node 20 that later releases need Node 22; the lockfile pins working versions. */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * Test files run side by side in this many workers. Vitest's default is one less than the cores — a single
 * worker on the two-core CI machine — while most files wait on DynamoDB Local, the SQS engine or a fake's
 * socket rather than on the CPU. TEST_WORKERS overrides it (e.g. 1 to read a failing file's output alone).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 3);

/** One `vitest run` covers every kind of test; each project has its own environment and set-up. */
export default defineConfig({
  test: {
    reporters: ['default'],
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/unit-env.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/engines-global-setup.ts'],
          setupFiles: ['test/support/integration-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          alias: WEB_ALIASES,
          environment: 'jsdom',
          setupFiles: ['test/web/support/web-env.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
