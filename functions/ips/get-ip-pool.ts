import { staticIpContracts } from '../../shared/contracts/ips';
import { defineRoute } from '../platform/http/route';
import { ipPool } from '../static-ips/static-ip-reads';

export const getIpPoolRoute = defineRoute(staticIpContracts.getIpPool, async ({ principal }) => ({
  data: await ipPool(principal),
  message: 'IP pool fetched',
}));
