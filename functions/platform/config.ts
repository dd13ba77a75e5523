import * as z from 'zod';
import { ENV } from '../../shared/config/env-names';

const franchiseHostsSchema = z
  .string()
  .default('{}')
  .transform((raw, ctx) => {
    try {
      return z.record(z.string(), z.number().int().positive()).parse(JSON.parse(raw));
    } catch {
      ctx.addIssue({ code: 'custom', message: `${ENV.franchiseHosts} must be a JSON object of host → franchise id` });
      return z.NEVER;
    }
  });

/**
 * Settings of the account and auth calls. Their names are not in shared ENV yet; the infrastructure
 * sets them by these names. An empty value counts as unset.
 */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** The longest a login token may live (TOKEN_TTL_HOURS is at most this). */
export const MAX_TOKEN_TTL_HOURS = 12;

const configSchema = z
  .object({
    [ENV.tableName]: z.string().min(1),
    [ENV.awsRegion]: z.string().default('ap-south-1'),
    [ENV.dynamodbEndpoint]: z.url().optional(),
    [ENV.sqsEndpoint]: z.url().optional(),
    [ENV.signalQueueUrl]: z.string().optional(),
    [ENV.jwtSecret]: z.string().min(32, `${ENV.jwtSecret} must have at least 32 characters`).optional(),
    [ENV.jwtSecretArn]: z.string().optional(),
    [ENV.originSecret]: z.string().min(32, `${ENV.originSecret} must have at least 32 characters`).optional(),
    [ENV.originSecretArn]: z.string().optional(),
    [ENV.tokenTtlHours]: z.coerce.number().positive().max(MAX_TOKEN_TTL_HOURS).default(8),
    [ENV.defaultFranchiseId]: z.coerce.number().int().positive().default(1),
    [ENV.franchiseHosts]: franchiseHostsSchema,
    [ENV.logLevel]: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    [ENV.realtimeEndpoint]: z.string().optional(),
    [ENV.stage]: z.string().default('local'),
    [ENV.filesDir]: z.string().optional(),
    [ENV.filesBucket]: z.string().optional(),
    [ENV.captchaSecret]: optionalText,
    [ENV.captchaVerifyUrl]: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    [ENV.mailFrom]: z.string().trim().min(3).default('TradeBridge <no-reply@tradebridge.local>'),
    [ENV.mailOutboxDir]: optionalText,
    [ENV.sesRegion]: optionalText,
  })
  .refine((env) => env[ENV.jwtSecret] ?? env[ENV.jwtSecretArn], {
    message: `set ${ENV.jwtSecret} or ${ENV.jwtSecretArn}`,
  });

export interface PlatformConfig {
  readonly tableName: string;
  readonly region: string;
  readonly dynamodbEndpoint: string | undefined;
  readonly sqsEndpoint: string | undefined;
  readonly signalQueueUrl: string | undefined;
  readonly jwtSecret: string | undefined;
  readonly jwtSecretArn: string | undefined;
  readonly originSecret: string | undefined;
  readonly originSecretArn: string | undefined;
  readonly tokenTtlHours: number;
  readonly defaultFranchiseId: number;
  readonly franchiseHosts: Readonly<Record<string, number>>;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error';
  readonly realtimeEndpoint: string | undefined;
  readonly stage: string;
  readonly filesDir: string | undefined;
  readonly filesBucket: string | undefined;
  /** Invisible-captcha secret; when unset (local), captcha tokens are not checked. */
  readonly captchaSecret: string | undefined;
  readonly captchaVerifyUrl: string;
  /** Sender of platform mails (OTP codes); on AWS a verified SES identity. */
  readonly mailFrom: string;
  /** Set → mails are written as JSON files into this folder (local runtime, tests); unset → SES. */
  readonly mailOutboxDir: string | undefined;
  readonly sesRegion: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws a ConfigError naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    tableName: e[ENV.tableName],
    region: e[ENV.awsRegion],
    dynamodbEndpoint: e[ENV.dynamodbEndpoint],
    sqsEndpoint: e[ENV.sqsEndpoint],
    signalQueueUrl: e[ENV.signalQueueUrl],
    jwtSecret: e[ENV.jwtSecret],
    jwtSecretArn: e[ENV.jwtSecretArn],
    originSecret: e[ENV.originSecret],
    originSecretArn: e[ENV.originSecretArn],
    tokenTtlHours: e[ENV.tokenTtlHours],
    defaultFranchiseId: e[ENV.defaultFranchiseId],
    franchiseHosts: e[ENV.franchiseHosts],
    logLevel: e[ENV.logLevel],
    realtimeEndpoint: e[ENV.realtimeEndpoint],
    stage: e[ENV.stage],
    filesDir: e[ENV.filesDir],
    filesBucket: e[ENV.filesBucket],
    captchaSecret: e[ENV.captchaSecret],
    captchaVerifyUrl: e[ENV.captchaVerifyUrl],
    mailFrom: e[ENV.mailFrom],
    mailOutboxDir: e[ENV.mailOutboxDir],
    sesRegion: e[ENV.sesRegion] ?? e[ENV.awsRegion],
  };
}

let cached: PlatformConfig | undefined;

/** The configuration of this container, read once. */
export function config(): PlatformConfig {
  cached ??= readConfig();
  return cached;
}

/** For the local runtime and tests, which set the environment before the first request. */
export function resetConfigForTests(): void {
  cached = undefined;
}

/** The egress proxy's settings (issue 20), read only where egress is used, so a machine without slots needs none. */
export const EGRESS_ENV = {
  /** Shared secret from which each slot's proxy token is derived (egress-credentials.ts). */
  secret: 'EGRESS_SECRET',
  /** AWS: the same secret in Secrets Manager (read by egress-secret.ts when EGRESS_SECRET is unset). */
  secretArn: 'EGRESS_SECRET_ARN',
  /** One machine: the local egress proxy's URL, for the slots seeded on this machine. */
  proxyUrl: 'EGRESS_PROXY_URL',
  /** Where the egress check asks which address a call left from (AWS: https://checkip.amazonaws.com). */
  echoUrl: 'EGRESS_ECHO_URL',
} as const;

export const MIN_EGRESS_SECRET_LENGTH = 32;

/** The egress secret; a ConfigError naming the variable when an account with a static IP is used without it. */
export function egressSecret(env: NodeJS.ProcessEnv = process.env): string {
  const value = env[EGRESS_ENV.secret]?.trim();
  if (!value) throw new ConfigError(`${EGRESS_ENV.secret} is not set: accounts with a static IP cannot send orders without it`);
  if (value.length < MIN_EGRESS_SECRET_LENGTH) throw new ConfigError(`${EGRESS_ENV.secret} must have at least ${MIN_EGRESS_SECRET_LENGTH} characters`);
  return value;
}

/** The address-echo service of the egress check. */
export function egressEchoUrl(env: NodeJS.ProcessEnv = process.env): string {
  const value = env[EGRESS_ENV.echoUrl]?.trim();
  if (!value) throw new ConfigError(`${EGRESS_ENV.echoUrl} is not set: the egress check has nowhere to ask`);
  return value;
}
