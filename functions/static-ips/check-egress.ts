import type { ResponseOf } from '../../shared/contracts/define-call';
import type { staticIpContracts } from '../../shared/contracts/ips';
import { getSlot } from '../data/static-ips/static-ips-repository';
import { egressRouteOf } from '../broker-accounts/integrations/egress-route';
import { checkEgressFrom } from '../platform/egress/egress-check';
import { BusinessRuleError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { egressOf } from './ip-registration';
import { IP_NOT_FOUND_MESSAGE } from './ip-terms';

type CheckAnswer = ResponseOf<typeof staticIpContracts.checkEgress>;

/**
 * `checkegress`: a test call through the egress proxy from one of the caller's IPs (it must hold it), and
 * the address the far side saw. A proxy that cannot be reached is a 422 naming why — the check never
 * falls back to the server's own address, exactly as orders do not.
 */
export async function checkEgress(principal: Principal, ipId: string, log: Logger): Promise<CheckAnswer> {
  const slot = await getSlot(principal.frchId, ipId);
  if (!slot || slot.state !== 'assigned' || slot.holder_user_id !== principal.userId) throw new NotFoundError(IP_NOT_FOUND_MESSAGE);
  try {
    const route = await egressRouteOf({ egress: egressOf(slot, { broker: 'paper' }) });
    if (!route) throw new Error('the IP has no egress route');
    const { addressSeen, elapsedMs } = await checkEgressFrom(route);
    return { address_seen: addressSeen, expected: slot.address, matches: addressSeen === slot.address, elapsed_ms: elapsedMs };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    log.warn('egress check failed', { ip_id: ipId, error: why });
    throw new BusinessRuleError(`The egress check from ${slot.address} failed: ${why}`);
  }
}
