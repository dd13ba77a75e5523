import * as z from 'zod';
import { EGRESS_ENV } from '../config';
import { createLogger } from '../logger';
import { allowedHostsFromText } from './egress-allow-list';
import { startEgressProxy } from './egress-proxy-server';

/**
 * The egress proxy as its own process (the EC2 proxy hosts run this): PORT, HOST (the private address,
 * never a public one), EGRESS_SECRET, EGRESS_ALLOWED_HOSTS (comma list, see egress-allow-list.ts).
 * SIGTERM/SIGINT close the listener and every open tunnel.
 */
const envSchema = z.object({
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3128),
  [EGRESS_ENV.secret]: z.string().trim().min(32, `${EGRESS_ENV.secret} must have at least 32 characters`),
  EGRESS_ALLOWED_HOSTS: z.string().trim().min(1, 'EGRESS_ALLOWED_HOSTS must name the broker hosts the proxy may reach'),
});

async function main(): Promise<void> {
  const log = createLogger({ service: 'egress-proxy' });
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    process.stderr.write(`Invalid environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}\n`);
    process.exit(1);
  }
  const env = parsed.data;
  const proxy = await startEgressProxy({
    host: env.HOST,
    port: env.PORT,
    secret: env[EGRESS_ENV.secret],
    allowedHosts: allowedHostsFromText(env.EGRESS_ALLOWED_HOSTS),
    log,
  });
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    log.info('egress proxy stopping', { stats: proxy.stats() });
    proxy.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`egress proxy could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
