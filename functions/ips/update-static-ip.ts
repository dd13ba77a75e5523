import { staticIpContracts } from '../../shared/contracts/ips';
import { defineRoute } from '../platform/http/route';
import { updateStaticIp } from '../static-ips/update-static-ip';

export const updateStaticIpRoute = defineRoute(staticIpContracts.updateStaticIp, async ({ body, principal, scope }) => {
  const ip = await updateStaticIp(principal, body, scope.log);
  return { data: { ip }, message: 'Static IP updated', activityNote: `${ip.address}: ${ip.accounts.length} account(s)` };
});
