import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
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
  const answer = await postFromOwnLoopback(baseUrl, '/api/v4/auth/userregister', JSON.stringify(request));
  if (answer.status !== 200) throw new Error(`registering ${request.email} failed: HTTP ${answer.status} ${answer.body}`);
  return { email: request.email, password: request.password };
}

/**
 * A POST from a loopback address of its own (127.x.y.z all reach the local gateway, which reads the client
 * address from the socket): the suite's many registrations stay clear of the per-address registration
 * limit, which the browser's own sign-ups from 127.0.0.1 meet as a visitor would.
 */
function postFromOwnLoopback(baseUrl: string, path: string, body: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  const localAddress = `127.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: hostname, port, localAddress, method: 'POST', path, headers: { 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    call.on('error', reject);
    call.end(body);
  });
}
