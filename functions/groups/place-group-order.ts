import { groupOrderContracts } from '../../shared/contracts/groups';
import { findScript } from '../market/ltp';
import { placeCommandOf } from '../orders/place-command';
import { defineRoute } from '../platform/http/route';
import { placeGroupOrder } from './use-cases/group-fan-out';

export const placeGroupOrderRoute = defineRoute(groupOrderContracts.placeOrder, async ({ body, principal, scope }) => {
  const { group_id: grpId, ...ticket } = body;
  const { ticket: command } = placeCommandOf(ticket, await findScript(body.script_id));
  const answer = await placeGroupOrder(principal, { grpId, ticket: command, idempotencyKey: body.idempotency_key }, scope.log);
  const placed = answer.targets.filter((target) => target.outcome === 'placed').length;
  return { data: answer, message: `Group order placed on ${placed} of ${answer.targets.length} accounts` };
});
