import { config } from '../platform/config';
import { createLogger } from '../platform/logger';
import { runStaticIpRenewals, type RenewalRunSummary } from '../static-ips/renew-static-ips';

/**
 * The static-IP schedule (every 30 minutes): tells holders 3 days before an IP's period ends, renews
 * auto-renewing IPs from the owner's wallet at expiry, and releases the others (and those the wallet
 * cannot pay) into quarantine. A quarantine ends by itself: a slot past its date is buyable.
 */
export async function handler(): Promise<RenewalRunSummary> {
  const log = createLogger({ worker: 'static-ips' }, config().logLevel);
  const summary = await runStaticIpRenewals(log);
  if (summary.noticed + summary.renewed + summary.released + summary.skipped > 0) log.info('static IP renewals', { ...summary });
  return summary;
}
