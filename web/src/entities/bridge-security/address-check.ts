import { MAX_ALLOWED_SOURCE_ADDRESSES } from '@shared/contracts/bridge-security';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv6 address in any of its written forms (a `::` gap, an IPv4 tail), checked by the URL parser rather than a long pattern. */
function isIpv6(text: string): boolean {
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

export function isIpAddress(text: string): boolean {
  return IPV4.test(text) || isIpv6(text);
}

/** Why an address cannot join the list, or null: it must be one IPv4 or IPv6 address, new, and fit under the limit. */
export function addressProblem(text: string, current: readonly string[]): string | null {
  const address = text.trim();
  if (address === '') return 'Enter an IPv4 or IPv6 address.';
  if (!isIpAddress(address)) return `${address} is not an IPv4 or IPv6 address.`;
  if (current.some((known) => known.toLowerCase() === address.toLowerCase())) return `${address} is already in the list.`;
  if (current.length >= MAX_ALLOWED_SOURCE_ADDRESSES) return `At most ${MAX_ALLOWED_SOURCE_ADDRESSES} addresses.`;
  return null;
}

/** The list with the addresses added that are not in it yet, in order, up to the limit. */
export function withAddresses(current: readonly string[], added: readonly string[]): string[] {
  const next = [...current];
  for (const address of added) {
    if (next.length >= MAX_ALLOWED_SOURCE_ADDRESSES) break;
    if (!next.includes(address)) next.push(address);
  }
  return next;
}
