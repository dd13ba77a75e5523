import { staticIpContracts } from '../../shared/contracts/ips';
import { defineRoute } from '../platform/http/route';
import { allocateIpToSubUser, disallocateIpFromSubUser, subUserIps } from '../static-ips/allocate-static-ip';

export const getSubUserIpRoute = defineRoute(staticIpContracts.getSubUserIp, async ({ body, principal }) => ({
  data: await subUserIps(principal, body.sub_user_id),
  message: 'Sub-user IPs fetched',
}));

export const allocateIpToSubUserRoute = defineRoute(staticIpContracts.allocateIpToSubUser, async ({ body, principal, scope }) => {
  const ip = await allocateIpToSubUser(principal, body.ip_id, body.sub_user_id, scope.log);
  return { data: { ip }, message: 'Static IP allocated', activityNote: `${ip.address} to user #${body.sub_user_id}` };
});

export const disallocateIpFromSubUserRoute = defineRoute(staticIpContracts.disallocateIpFromSubUser, async ({ body, principal, scope }) => {
  const ip = await disallocateIpFromSubUser(principal, body.ip_id, body.sub_user_id, scope.log);
  return { data: { ip }, message: 'Static IP taken back', activityNote: `${ip.address} from user #${body.sub_user_id}` };
});
