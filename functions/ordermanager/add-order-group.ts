import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { defineRoute } from '../platform/http/route';
import { toOrderGroup } from './order-manager-view';
import { addOrderGroup } from './order-groups';

export const addOrderGroupRoute = defineRoute(ordermanagerContracts.addOrderGroup, async ({ body, principal }) => {
  const { group, positions } = await addOrderGroup(principal, body);
  return { data: toOrderGroup(group, positions), message: 'Order group added' };
});
