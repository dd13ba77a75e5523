import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv6 } from 'node:net';
import { egressEchoUrl } from '../config';
import { EGRESS_CONNECT_TIMEOUT_MS, type EgressRoute } from './egress-route';
import { createEgressAgent } from './egress-tunnel';

/** What the address-echo service saw: the slot's address when the egress works. */
export interface EgressCheck {
  readonly addressSeen: string;
  /** Tunnel plus one request and its answer, as a first order on a cold slot would pay. */
  readonly elapsedMs: number;
}

/** The whole check may take the tunnel's bound plus one round trip to the echo service. */
const CHECK_TIMEOUT_MS = EGRESS_CONNECT_TIMEOUT_MS + 3_000;

/**
 * The one-machine echo listens on both loopbacks; an IPv6 slot (`::1`) must ask it over IPv6, an IPv4
 * slot over IPv4. Any other echo host is asked as configured.
 */
function echoUrlFor(route: EgressRoute, configured: string): URL {
  const url = new URL(configured);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (loopback) url.hostname = isIPv6(route.bindAddress) ? '[::1]' : '127.0.0.1';
  return url;
}

/**
 * Asks the echo service (EGRESS_ECHO_URL; checkip.amazonaws.com on AWS) through the slot's tunnel which
 * address the call arrived from. Rejects with an EgressTunnelError when the tunnel cannot be opened.
 */
export function checkEgressFrom(route: EgressRoute, echoUrl: string = egressEchoUrl()): Promise<EgressCheck> {
  const url = echoUrlFor(route, echoUrl);
  const agent = createEgressAgent(url, route, { keepAlive: false });
  const started = performance.now();
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<EgressCheck>((resolve, reject) => {
    const request = send(url, { method: 'GET', agent, timeout: CHECK_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8').trim();
        if ((response.statusCode ?? 0) !== 200) {
          reject(new Error(`the address-echo service answered ${response.statusCode ?? 0}`));
          return;
        }
        resolve({ addressSeen: text, elapsedMs: Math.round(performance.now() - started) });
      });
    });
    request.on('timeout', () => request.destroy(new Error(`the address-echo service did not answer within ${CHECK_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end();
  }).finally(() => agent.destroy());
}
