import './quiet-sdk';
import { resolve } from 'node:path';
import * as z from 'zod';
import { startLocalRuntime } from './runtime';
import { StartupError } from './startup-error';

/** `npm start` / `npm run dev`: reads the environment, starts the platform, stops cleanly on Ctrl-C. */
const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATA_DIR: z.string().default('.data'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD needs at least 8 characters').optional(),
  DEFAULT_FRANCHISE_ID: z.coerce.number().int().positive().default(1),
  FRANCHISE_HOSTS: z.string().default('{}'),
  PAPER_ALWAYS_OPEN: z.enum(['true', 'false']).default('true'),
  PHONEPE_SANDBOX: z.enum(['on', 'off']).default('on'),
  SMTP_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  SMTP_SANDBOX: z.enum(['on', 'off']).default('on'),
  SFTP_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(2222),
  SFTP_SANDBOX: z.enum(['on', 'off']).default('on'),
  EGRESS_PROXY_PORT: z.coerce.number().int().min(1).max(65535).default(8130),
  EGRESS_PROXY: z.enum(['on', 'off']).default('on'),
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) fail(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const env = parsed.data;
  let franchiseHosts: Record<string, number>;
  try {
    franchiseHosts = z.record(z.string(), z.number().int().positive()).parse(JSON.parse(env.FRANCHISE_HOSTS));
  } catch {
    fail('FRANCHISE_HOSTS must be a JSON object of host → franchise id, e.g. {"brand.localhost:8080": 2}');
  }
  const runtime = await startLocalRuntime({
    host: env.HOST,
    port: env.PORT,
    dataDir: resolve(env.DATA_DIR),
    dev: process.argv.includes('--dev'),
    defaultFranchiseId: env.DEFAULT_FRANCHISE_ID,
    franchiseHosts,
    paperAlwaysOpen: env.PAPER_ALWAYS_OPEN === 'true',
    phonePeSandbox: env.PHONEPE_SANDBOX === 'on',
    smtpSandbox: env.SMTP_SANDBOX === 'on' ? { port: env.SMTP_SANDBOX_PORT } : false,
    sftpSandbox: env.SFTP_SANDBOX === 'on' ? { port: env.SFTP_SANDBOX_PORT } : false,
    egressProxy: env.EGRESS_PROXY === 'on' ? { port: env.EGRESS_PROXY_PORT } : false,
    ...(env.ADMIN_EMAIL ? { adminEmail: env.ADMIN_EMAIL } : {}),
    ...(env.ADMIN_PASSWORD ? { adminPassword: env.ADMIN_PASSWORD } : {}),
  });
  console.log(`\nTradeBridge is running: ${runtime.platformUrl}`);
  if (runtime.endpoints.smtpSandbox) {
    console.log(`Local SMTP server (for Configs → Mail server): ${runtime.endpoints.smtpSandbox}, security None, login sandbox / sandbox; mails land in ${resolve(env.DATA_DIR)}/outbox/`);
  }
  const sftp = runtime.endpoints.sftpSandbox;
  if (sftp) {
    console.log(`Local SFTP server (for Configs → File transfer): ${sftp.address}, protocol SFTP, login ${sftp.username} / ${sftp.password}; files land in ${sftp.folder}/`);
  }
  if (runtime.endpoints.egressProxy) {
    console.log(`Egress proxy for static IPs (slots 127.0.0.2… and ::1): ${runtime.endpoints.egressProxy}; egress check echo at ${runtime.endpoints.egressEcho ?? '-'}`);
  }
  if (runtime.createdAdmin) {
    console.log(`Broker-panel admin (shown once): ${runtime.createdAdmin.email} / ${runtime.createdAdmin.password}`);
  }
  console.log('Press Ctrl-C to stop.\n');

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) fail(error.message);
  const message = error instanceof Error ? error.message : String(error);
  fail(`TradeBridge could not start: ${message}`);
});
