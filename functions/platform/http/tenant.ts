import { config } from '../config';

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
