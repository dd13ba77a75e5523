import { staticIpContracts } from '../../shared/contracts/ips';
import { defineRoute } from '../platform/http/route';
import { staticIpsOf } from '../static-ips/static-ip-reads';

export const getStaticIpsRoute = defineRoute(staticIpContracts.getStaticIps, async ({ principal }) => ({
  data: await staticIpsOf(principal),
  message: 'Static IPs fetched',
}));
