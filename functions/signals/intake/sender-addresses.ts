import { isIP } from 'node:net';

/**
 * The optional per-bridge source allowlist (issue 6; reliability.md A11): when a bridge lists addresses,
 * only requests from them are taken (403 otherwise). TradingView posts from four published IPv4
 * addresses and never IPv6 (reliability.md, TradingView help), offered as a preset.
 */
export const TRADINGVIEW_WEBHOOK_ADDRESSES = ['52.89.214.238', '34.212.75.30', '54.218.53.128', '52.32.178.7'] as const;
export const MAX_ALLOWED_ADDRESSES = 20;

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
