import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { defineRoute } from '../platform/http/route';
import { removeOrderGroup } from './order-groups';

export const deleteOrderGroupRoute = defineRoute(ordermanagerContracts.deleteOrderGroup, async ({ body, principal }) => {
  await removeOrderGroup(principal, body.og_id);
  return { data: { og_id: body.og_id }, message: 'Order group deleted' };
});
