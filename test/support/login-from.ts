import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { TENANT_HOST_HEADER } from '../../shared/config/headers';

export interface LoginAnswer {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: unknown;
}

/**
 * Loopback addresses of a test file's own (127.x.y.z all reach the gateway): the login throttle of one
 * test never touches another's, nor another file's 127.0.0.1.
 */
export function loopbackAddresses(): () => string {
  const base = randomInt(1, 250);
  let sequence = 0;
  return () => {
    sequence += 1;
    return `127.${base}.${Math.floor(sequence / 250)}.${(sequence % 250) + 1}`;
  };
}

/** POST /auth/userlogin from the given loopback address (the gateway reads it from the socket). */
export function loginFrom(gatewayUrl: string, ip: string, body: unknown, options: { tenantHost?: string; headers?: Record<string, string> } = {}): Promise<LoginAnswer> {
  const { port } = new URL(gatewayUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', ...(options.tenantHost ? { [TENANT_HOST_HEADER]: options.tenantHost } : {}), ...options.headers };
    const call = request({ host: '127.0.0.1', port, localAddress: ip, method: 'POST', path: '/api/v4/auth/userlogin', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const header = response.headers['retry-after'];
        const answer: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve({ status: response.statusCode ?? 0, retryAfter: Array.isArray(header) ? header[0] : header, body: answer });
      });
    });
    call.on('error', reject);
    call.end(payload);
  });
}
