import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { authContracts } from '../../../shared/contracts/auth';
import type { CallContract } from '../../../shared/contracts/define-call';
import type { Credentials } from './accounts';

/**
 * Calls the running platform's API as a signed-in user, by a contract of `shared/contracts`: the
 * request checked by the contract's schema, the envelope's data parsed by its response schema. For
 * setting up what a Chromium test then looks at, faster than clicking through every screen.
 */
export async function callAs<Contract extends CallContract>(
  baseUrl: string,
  token: string | null,
  contract: Contract,
  input: z.input<Contract['request']>,
): Promise<z.output<Contract['response']>> {
  const body = contract.request.parse(input);
  const query = contract.method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : '';
  const response = await fetch(`${baseUrl}/api/v4${contract.path}${query}`, {
    method: contract.method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(contract.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(contract.method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${contract.operationId} failed: HTTP ${response.status} ${text}`);
  const envelope = JSON.parse(text) as { status?: boolean; data?: unknown };
  if (envelope.status !== true) throw new Error(`${contract.operationId} failed: ${text}`);
  return contract.response.parse(envelope.data) as z.output<Contract['response']>;
}

/** A token for the user, as the login form would get one. */
export async function apiToken(baseUrl: string, credentials: Credentials): Promise<string> {
  const answer = await callAs(baseUrl, null, authContracts.userLogin, { email: credentials.email, password: credentials.password });
  return answer.token;
}

/** A fresh idempotency key for one order. */
export const orderKey = (): string => `e2e-${randomUUID()}`;
