import { existsSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { loadTenantConfig, type TenantConfig } from '../config/tenant-config';
import { DEFAULT_WEB_DIST, REPO_ROOT } from '../lib/paths';
import { stackNameFor, TradeBridgeStack } from '../lib/tradebridge-stack';

/**
 * `cdk synth -c tenant=<name>` builds the stack of one tenant from infra/config/tenants/<name>.json.
 * `-c webDist=<folder>` points at another SPA build than web/dist.
 */
const app = new App();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function webDistFolder(): string {
  const override: unknown = app.node.tryGetContext('webDist');
  const folder = typeof override === 'string' ? path.resolve(REPO_ROOT, override) : DEFAULT_WEB_DIST;
  if (!existsSync(path.join(folder, 'index.html'))) {
    fail(`${path.relative(REPO_ROOT, folder) || folder} is missing: run \`npm run build:web\` first`);
  }
  return folder;
}

function tenantConfig(): TenantConfig {
  try {
    return loadTenantConfig(app.node.tryGetContext('tenant'));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

const config = tenantConfig();

new TradeBridgeStack(app, stackNameFor(config.tenant), {
  config,
  webDistPath: webDistFolder(),
  description: `TradeBridge ${config.tenant} (${config.stage})`,
});
app.synth();
