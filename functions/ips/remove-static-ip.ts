import { staticIpContracts } from '../../shared/contracts/ips';
import { defineRoute } from '../platform/http/route';
import { removeStaticIp } from '../static-ips/release-static-ip';

export const removeStaticIpRoute = defineRoute(staticIpContracts.removeStaticIp, async ({ body, principal, scope }) => ({
  data: await removeStaticIp(principal, body.ip_id, scope.log),
  message: 'Static IP removed',
}));
