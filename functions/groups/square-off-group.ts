import { groupOrderContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { squareOffGroup } from './use-cases/group-square-off';

export const squareOffGroupRoute = defineRoute(groupOrderContracts.squareOffAll, async ({ body, principal, scope }) => {
  const answer = await squareOffGroup(principal, body.group_id, scope.log);
  const orders = answer.children.reduce((sum, child) => sum + child.orders.length, 0);
  return { data: answer, message: orders === 0 ? 'No open group positions' : `${orders} square-off orders placed` };
});
