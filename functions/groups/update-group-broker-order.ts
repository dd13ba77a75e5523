import { groupOrderContracts } from '../../shared/contracts/groups';
import { changeCommandOf } from '../orders/change-command';
import { defineRoute } from '../platform/http/route';
import { changeChildOrder } from './use-cases/group-order-changes';

export const updateGroupBrokerOrderRoute = defineRoute(groupOrderContracts.updateGroupBrokerOrder, async ({ body, principal, scope }) => ({
  data: await changeChildOrder(principal, body.group_id, body.grp_broker_id, body.order_id, changeCommandOf(body), scope.log),
  message: 'Order updated',
}));
