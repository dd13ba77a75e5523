import { staticIpContracts } from '../../shared/contracts/ips';
import { defineRoute } from '../platform/http/route';
import { availableIps } from '../static-ips/static-ip-reads';

export const getAvailableIpsRoute = defineRoute(staticIpContracts.getAvailableIps, async ({ principal }) => ({
  data: await availableIps(principal),
  message: 'Available IPs fetched',
}));
