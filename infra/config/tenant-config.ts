import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { DEFAULT_PROXY_INSTANCE_TYPE, PROXY_INSTANCE_TYPE_NAMES } from '../egress/instance-capacity';

/** The retention periods CloudWatch Logs accepts (PutRetentionPolicy), in days. */
export const LOG_RETENTION_DAYS = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288,
  3653,
] as const;

/** Lowercase slug; it becomes part of the stack, queue and resource names, so it stays short. */
const tenantSlug = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,22}[a-z0-9]$/, 'must be a lowercase slug (a-z, 0-9, -), 2 to 24 characters');

const cloudFrontCertificateArn = z
  .string()
  .regex(
    /^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
    'must be an ACM certificate ARN in us-east-1 (CloudFront only accepts those)',
  );

export const tenantConfigSchema = z
  .strictObject({
    tenant: tenantSlug,
    stage: z.enum(['dev', 'prod']),
    domainNames: z.array(z.string().min(1)),
    certificateArn: cloudFrontCertificateArn.optional(),
    alarmEmail: z.email(),
    logRetentionDays: z.literal(LOG_RETENTION_DAYS),
    defaultFranchiseId: z.number().int().positive().default(1),
    franchiseHosts: z.record(z.string().min(1), z.number().int().positive()).default({}),
    captchaSiteKey: z.string().default(''),
    /** Sender of OTP mails; the address (or its domain) must be a verified SES identity. */
    mailFrom: z.email().default('no-reply@example.com'),
    /**
     * The static-IP egress pool (infra/egress/, ADR 0014); absent: none, and no function joins a VPC.
     * Capacity per instance type is checked when the stack is built (instance-capacity.ts).
     */
    egressPool: z
      .strictObject({
        hostsPerAz: z.number().int().positive(),
        slotsPerHost: z.number().int().positive(),
        instanceType: z.enum(PROXY_INSTANCE_TYPE_NAMES).default(DEFAULT_PROXY_INSTANCE_TYPE),
        ipv6: z.strictObject({ slotsPerHost: z.number().int().positive() }).optional(),
      })
      .optional(),
  })
  .superRefine((config, ctx) => {
    if (config.domainNames.length > 0 && !config.certificateArn) {
      ctx.addIssue({
        code: 'custom',
        path: ['certificateArn'],
        message: 'is required when domainNames is not empty',
      });
    }
  });

export type TenantConfig = z.output<typeof tenantConfigSchema>;
export type TenantConfigInput = z.input<typeof tenantConfigSchema>;

export const TENANT_CONFIG_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tenants');

/** Reads and validates `<dir>/<tenant>.json`; throws one readable message when it is missing or invalid. */
export function loadTenantConfig(tenant: unknown, dir: string = TENANT_CONFIG_DIR): TenantConfig {
  const name = tenantSlug.safeParse(tenant);
  if (!name.success) {
    throw new Error(`Context "tenant" must be a tenant slug (e.g. -c tenant=demo), got ${JSON.stringify(tenant)}`);
  }
  const file = path.join(dir, `${name.data}.json`);
  if (!existsSync(file)) {
    throw new Error(`Tenant config not found: ${file}`);
  }
  const config = parseTenantConfig(readJson(file), file);
  if (config.tenant !== name.data) {
    throw new Error(`Tenant config ${file} declares tenant "${config.tenant}", expected "${name.data}"`);
  }
  return config;
}

export function parseTenantConfig(raw: unknown, source: string): TenantConfig {
  const result = tenantConfigSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Tenant config ${source} is invalid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Tenant config ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
