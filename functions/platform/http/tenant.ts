import { TENANT_HOST_HEADER } from '../../../shared/config/headers';
import { config } from '../config';

/**
 * The host a request was sent to: the tenant-host header CloudFront adds, else Host.
 * A caller who forges it only moves to another franchise, where their token is refused.
 */
export function requestHost(headers: Readonly<Record<string, string | undefined>>): string {
  return headers[TENANT_HOST_HEADER] ?? headers.host ?? '';
}

/**
 * The franchise (white-label tenant) a request belongs to, resolved server-side from the host it
 * was sent to. Hosts not in FRANCHISE_HOSTS belong to the stack's default franchise; a token is
 * only accepted on its own franchise's hosts.
 */
export function resolveFranchise(host: string): number {
  const { franchiseHosts, defaultFranchiseId } = config();
  const normalised = host.trim().toLowerCase();
  return franchiseHosts[normalised] ?? franchiseHosts[normalised.replace(/:\d+$/, '')] ?? defaultFranchiseId;
}
