import { postbackContracts } from '../../shared/contracts/postbacks';
import { definePublicRoute } from '../platform/http/route';
import { mirrorOnKitePostback } from './mirroring/postback-mirror';

export const zerodhaPostbackRoute = definePublicRoute(postbackContracts.zerodhaPostback, async ({ body, params, scope }) => {
  const received = await mirrorOnKitePostback(scope.franchiseId, params.broker_id, body, scope.log);
  return { data: { order_id: received.orderId }, message: 'Postback received', actor: received.owner };
});
