import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { defineRoute } from '../platform/http/route';
import { toOrderGroup } from './order-manager-view';
import { editOrderGroup } from './order-groups';

export const editOrderGroupRoute = defineRoute(ordermanagerContracts.editOrderGroup, async ({ body, principal }) => {
  const { og_id: ogId, ...settings } = body;
  const { group, positions } = await editOrderGroup(principal, ogId, settings);
  return { data: toOrderGroup(group, positions), message: 'Order group updated' };
});
