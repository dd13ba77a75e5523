import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { config } from '../platform/config';

/** Addresses a franchise's file server may not have on AWS: this machine, private networks, link-local (cloud metadata), shared and reserved ranges. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type AddressOutcome = { readonly ok: true; readonly address: string } | { readonly ok: false; readonly reason: string };

/**
 * The address to connect to for a franchise's server. On AWS it must be a public one (a broker panel must
 * not reach the platform's own network through "Test connection"); the local runtime and the tests
 * (stage `local`) may use any, e.g. the SFTP sandbox on 127.0.0.1. The connection then goes to this very
 * address, so a name cannot resolve to another one in between.
 */
export async function serverAddressOf(host: string): Promise<AddressOutcome> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch (error) {
    return { ok: false, reason: `The server name ${host} could not be found (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'}).` };
  }
  const first = addresses[0];
  if (first === undefined) return { ok: false, reason: `The server name ${host} could not be found.` };
  if (config().stage !== 'local' && !addresses.every(isPublicAddress)) return { ok: false, reason: `${host} is not on the public internet: enter your server's public name or address.` };
  return { ok: true, address: first };
}
