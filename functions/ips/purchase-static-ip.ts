import { staticIpContracts } from '../../shared/contracts/ips';
import { defineRoute } from '../platform/http/route';
import { purchaseStaticIp } from '../static-ips/purchase-static-ip';

export const purchaseStaticIpRoute = defineRoute(staticIpContracts.purchaseStaticIp, async ({ body, principal, scope }) => {
  const answer = await purchaseStaticIp(principal, body, scope.log);
  return {
    data: { ip: answer.ip, balance_paise: answer.balance_paise },
    message: answer.replayed ? 'This purchase was already made' : 'Static IP purchased',
    activityNote: `${answer.ip.address} (${body.months} month${body.months === 1 ? '' : 's'})`,
    skipActivity: answer.replayed,
  };
});
