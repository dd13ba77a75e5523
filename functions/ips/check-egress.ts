import { staticIpContracts } from '../../shared/contracts/ips';
import { defineRoute } from '../platform/http/route';
import { checkEgress } from '../static-ips/check-egress';

export const checkEgressRoute = defineRoute(staticIpContracts.checkEgress, async ({ body, principal, scope }) => {
  const answer = await checkEgress(principal, body.ip_id, scope.log);
  return { data: answer, message: answer.matches ? `Calls leave from ${answer.expected}` : `Calls leave from ${answer.address_seen}, not ${answer.expected}` };
});
