import { isIP } from 'node:net';
export { TRADINGVIEW_WEBHOOK_ADDRESSES } from '../../../shared/contracts/bridge-security';

/**
 * The optional per-bridge source allowlist (issue 6; reliability.md A11): when a bridge lists addresses,
 * only requests from them are taken (403 otherwise); TradingView's addresses are the screens' preset.
 */

/** `::ffff:1.2.3.4` (an IPv4 address seen on a dual-stack socket) compares as `1.2.3.4`. */
export function canonicalAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

export function isAddress(address: string): boolean {
  return isIP(canonicalAddress(address)) !== 0;
}

export function addressAllowed(sourceIp: string, allowlist: readonly string[] | null): boolean {
  if (allowlist === null || allowlist.length === 0) return true;
  const source = canonicalAddress(sourceIp);
  return allowlist.some((allowed) => canonicalAddress(allowed) === source);
}
