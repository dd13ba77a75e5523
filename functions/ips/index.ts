import { createGroupHandler } from '../http/group-handler';
import { checkEgressRoute } from './check-egress';
import { getAvailableIpsRoute } from './get-available-ips';
import { getIpPoolRoute } from './get-ip-pool';
import { getStaticIpsRoute } from './get-static-ips';
import { purchaseStaticIpRoute } from './purchase-static-ip';
import { removeStaticIpRoute } from './remove-static-ip';
import { allocateIpToSubUserRoute, disallocateIpFromSubUserRoute, getSubUserIpRoute } from './sub-user-ips';
import { updateStaticIpRoute } from './update-static-ip';

/** Route group `ips`: static IPs — buy, bind to accounts, give up, allocate to sub-users, the franchise's pool (issue 20, ADR 0014). */
export const handler = createGroupHandler('ips', [
  getStaticIpsRoute,
  getAvailableIpsRoute,
  purchaseStaticIpRoute,
  updateStaticIpRoute,
  removeStaticIpRoute,
  getSubUserIpRoute,
  allocateIpToSubUserRoute,
  disallocateIpFromSubUserRoute,
  getIpPoolRoute,
  checkEgressRoute,
]);
