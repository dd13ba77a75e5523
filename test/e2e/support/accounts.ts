import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { authContracts } from '../../../shared/contracts/auth';

type RegisterRequest = z.input<typeof authContracts.userRegister.request>;

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Creates an ordinary (no role flag) account through the public API, as a visitor would, and answers
 * its credentials. Emails and mobile numbers are unique per call.
 */
export async function registerOrdinaryUser(baseUrl: string, firstName = 'Ordinary'): Promise<Credentials> {
  const stamp = `${Date.now()}${randomInt(1000, 9999)}`;
  const request: RegisterRequest = {
    first_name: firstName,
    last_name: 'Trader',
    email: `trader-${stamp}@e2e.test`,
    mobile_no: `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
    password: 'Nifty-Bank-Trader-42',
  };
  const response = await fetch(`${baseUrl}/api/v4/auth/userregister`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`registering ${request.email} failed: HTTP ${response.status} ${await response.text()}`);
  return { email: request.email, password: request.password };
}
