import { spawnSync } from 'node:child_process';

/**
 * `npm run test:dates [instant…]`: the unit and integration projects under libfaketime (Debian package
 * `faketime`), once per instant, so the suite is proven on days other than today. An instant is an ISO
 * date-time with its offset, e.g. 2027-01-27T10:00+05:30; without arguments the three defaults below run.
 * Time starts at the instant and moves on normally. Node, the SQS engine and DynamoDB Local all run under
 * it (the monotonic clock is faked too: leaving it real makes the JVM spin).
 */
const DEFAULT_INSTANTS = ['2026-12-31T15:45+05:30', '2027-01-27T10:00+05:30', '2027-06-30T09:20+05:30'];

function faketimeSpec(instant: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new Error(`Not an instant: ${instant} (use e.g. 2027-01-27T10:00+05:30)`);
  return `@${at.toISOString().slice(0, 19).replace('T', ' ')}`;
}

function assertFaketime(): void {
  const probe = spawnSync('faketime', ['-f', '@2000-01-01 00:00:00', 'true']);
  if (probe.error || probe.status !== 0) {
    console.error('faketime is not installed: apt-get install -y faketime');
    process.exit(2);
  }
}

/**
 * Files that read no date and are among the slowest: the import-rule and contract checks (they read the
 * source tree), the interleaving properties and concurrency bursts (each sets its own clock), the role and
 * ownership matrix, the queue poller, start-up errors, and the config, receipt and refund files (whose
 * answers do not depend on the day). They run in `npm test`; a second pass on another day proves nothing
 * more about them.
 */
const DATE_FREE_FILES = [
  'test/unit/architecture-rules.test.ts',
  'test/unit/contract-coverage.test.ts',
  'test/integration/*.property.test.ts',
  'test/integration/wallet-concurrency.test.ts',
  'test/integration/access-control.test.ts',
  'test/integration/queue-poller.test.ts',
  'test/integration/startup-errors.test.ts',
  'test/integration/mail-config.test.ts',
  'test/integration/brand-config.test.ts',
  'test/integration/panel-configs.test.ts',
  'test/integration/bank-transfer-receipts.test.ts',
  'test/integration/payment-refunds.test.ts',
  // Issue 19: the hierarchy's access matrix, the directory and its permissions, and the transfer bursts read no date.
  'test/integration/sub-user-access.test.ts',
  'test/integration/sub-users.test.ts',
  'test/integration/sub-user-flags.test.ts',
  'test/integration/sub-user-money.test.ts',
];

function main(): void {
  const instants = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_INSTANTS;
  const specs = instants.map((instant) => ({ instant, spec: faketimeSpec(instant) }));
  assertFaketime();
  const failed: string[] = [];
  for (const { instant, spec } of specs) {
    console.log(`\n=== unit + integration at ${instant} (faketime ${spec} UTC) ===`);
    const excluded = DATE_FREE_FILES.flatMap((glob) => ['--exclude', glob]);
    const run = spawnSync('faketime', ['-f', spec, 'npx', 'vitest', 'run', '--project', 'unit', '--project', 'integration', ...excluded], {
      stdio: 'inherit',
      env: { ...process.env, TZ: 'UTC' },
    });
    if (run.status !== 0) failed.push(instant);
  }
  console.log(failed.length === 0 ? `\nThe suite passed at ${instants.join(', ')}.` : `\nThe suite failed at ${failed.join(', ')}.`);
  process.exit(failed.length === 0 ? 0 : 1);
}

main();
