import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { parseTenantConfig, type TenantConfig, type TenantConfigInput } from '../../../infra/config/tenant-config';
import { stackNameFor, TradeBridgeStack } from '../../../infra/lib/tradebridge-stack';

export const TEST_TENANT = 'test';

export function testConfig(overrides: Partial<TenantConfigInput> = {}): TenantConfig {
  return parseTenantConfig(
    {
      tenant: TEST_TENANT,
      stage: 'dev',
      domainNames: [],
      alarmEmail: 'alerts@example.com',
      logRetentionDays: 14,
      franchiseHosts: { 'app.example.com': 1 },
      ...overrides,
    },
    'test config',
  );
}

/** A stand-in for `web/dist`, so these tests never need a real SPA build. */
export function fakeWebDist(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'tradebridge-web-'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>test</title>');
  return folder;
}

/** Synthesises one tenant stack; esbuild bundling is skipped (the `cdk synth` run covers it). */
export function synthTemplate(config: TenantConfig = testConfig()): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new TradeBridgeStack(app, stackNameFor(config.tenant), { config, webDistPath: fakeWebDist() });
  return Template.fromStack(stack);
}
