import { groupOrderContracts } from '../../shared/contracts/groups';
import { changeCommandOf } from '../orders/change-command';
import { defineRoute } from '../platform/http/route';
import { changeGroupOrder } from './use-cases/group-order-changes';

export const updateGroupOrderRoute = defineRoute(groupOrderContracts.updateOrder, async ({ body, principal, scope }) => {
  const answer = await changeGroupOrder(principal, body.group_id, body.group_order_id, changeCommandOf(body), scope.log);
  const changed = answer.targets.filter((target) => target.outcome === 'changed').length;
  return { data: answer, message: `Group order updated on ${changed} of ${answer.targets.length} accounts` };
});
