import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenantConfig, parseTenantConfig } from '../../infra/config/tenant-config';

const validProd = {
  tenant: 'acme',
  stage: 'prod',
  domainNames: ['trade.acme.in'],
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
  alarmEmail: 'ops@acme.in',
  logRetentionDays: 90,
};

function tenantsDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradebridge-tenants-'));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

describe('tenant config', () => {
  it('loads the committed demo and example-prod configs', () => {
    expect(loadTenantConfig('demo')).toMatchObject({ tenant: 'demo', stage: 'dev' });
    expect(loadTenantConfig('example-prod')).toMatchObject({ tenant: 'example-prod', stage: 'prod' });
  });

  it('fills the defaults when optional fields are absent', () => {
    const config = parseTenantConfig(validProd, 'inline');
    expect(config).toMatchObject({ defaultFranchiseId: 1, franchiseHosts: {}, captchaSiteKey: '' });
  });

  it('names the missing file when the tenant has no config', () => {
    expect(() => loadTenantConfig('nobody', tenantsDir({}))).toThrow(/Tenant config not found: .*nobody\.json/);
  });

  it('rejects a tenant name that is not a slug before touching the file system', () => {
    expect(() => loadTenantConfig('../secrets')).toThrow(/must be a tenant slug/);
    expect(() => loadTenantConfig(undefined)).toThrow(/must be a tenant slug/);
  });

  it('rejects a file whose tenant differs from its name', () => {
    const dir = tenantsDir({ 'other.json': validProd });
    expect(() => loadTenantConfig('other', dir)).toThrow(/declares tenant "acme"/);
  });

  it('reports invalid JSON with the file name', () => {
    const dir = tenantsDir({ 'broken.json': '{ nope' });
    expect(() => loadTenantConfig('broken', dir)).toThrow(/broken\.json is not valid JSON/);
  });

  it.each([
    ['an uppercase tenant', { tenant: 'Acme' }, /tenant/],
    ['an unknown stage', { stage: 'qa' }, /stage/],
    ['a retention CloudWatch does not accept', { logRetentionDays: 10 }, /logRetentionDays/],
    ['an invalid alarm email', { alarmEmail: 'ops' }, /alarmEmail/],
    ['domain names without a certificate', { certificateArn: undefined }, /certificateArn/],
    ['a certificate outside us-east-1', { certificateArn: 'arn:aws:acm:ap-south-1:123456789012:certificate/x' }, /us-east-1/],
    ['a non-positive franchise id', { defaultFranchiseId: 0 }, /defaultFranchiseId/],
    ['an unknown field', { domain: 'x' }, /domain/],
  ])('rejects %s', (_label, override, message) => {
    expect(() => parseTenantConfig({ ...validProd, ...override }, 'inline')).toThrow(message);
  });
});
