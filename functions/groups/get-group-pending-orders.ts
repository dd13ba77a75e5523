import { groupOrderContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { listPendingGroupOrders } from './use-cases/group-pending-orders';

export const getGroupPendingOrdersRoute = defineRoute(groupOrderContracts.getGroupPendingOrders, async ({ body, principal, scope }) => ({
  data: await listPendingGroupOrders(principal, body.group_id, body, scope.log),
  message: 'Pending group orders fetched',
}));
