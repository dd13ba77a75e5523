import type { PhonePeEnvironment } from '../../../shared/contracts/phonepe-config';

/**
 * Where PhonePe's v2 APIs are (reference/money-hierarchy-egress.md §1.1): the sandbox serves OAuth and
 * PG on one host; production has one for each. The environment overrides them, so the local runtime and
 * the tests point the adapter at the HTTP fake without a code branch.
 */
export const PHONEPE_ENDPOINT_ENV = {
  sandbox: 'PHONEPE_SANDBOX_BASE_URL',
  productionPg: 'PHONEPE_PRODUCTION_PG_BASE_URL',
  productionOauth: 'PHONEPE_PRODUCTION_OAUTH_BASE_URL',
  /** Per call, in milliseconds (default 4000: a webhook must be answered within PhonePe's 3–5 s). */
  timeoutMs: 'PHONEPE_TIMEOUT_MS',
} as const;

const SANDBOX_BASE_URL = 'https://api-preprod.phonepe.com/apis/pg-sandbox';
const PRODUCTION_PG_BASE_URL = 'https://api.phonepe.com/apis/pg';
const PRODUCTION_OAUTH_BASE_URL = 'https://api.phonepe.com/apis/identity-manager';
const DEFAULT_TIMEOUT_MS = 4000;

const fromEnv = (name: string, fallback: string) => (process.env[name]?.trim() || fallback).replace(/\/+$/, '');

export interface PhonePeHosts {
  readonly oauth: string;
  readonly pg: string;
}

export function phonePeHosts(environment: PhonePeEnvironment): PhonePeHosts {
  if (environment === 'SANDBOX') {
    const sandbox = fromEnv(PHONEPE_ENDPOINT_ENV.sandbox, SANDBOX_BASE_URL);
    return { oauth: sandbox, pg: sandbox };
  }
  return { oauth: fromEnv(PHONEPE_ENDPOINT_ENV.productionOauth, PRODUCTION_OAUTH_BASE_URL), pg: fromEnv(PHONEPE_ENDPOINT_ENV.productionPg, PRODUCTION_PG_BASE_URL) };
}

export function phonePeTimeoutMs(): number {
  const configured = Number(process.env[PHONEPE_ENDPOINT_ENV.timeoutMs]);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_TIMEOUT_MS;
}
