import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { defineRoute } from '../platform/http/route';
import { removePosition } from './position-book';

export const deletePositionRoute = defineRoute(ordermanagerContracts.deletePosition, async ({ body, principal }) => {
  await removePosition(principal, body.og_id, body.op_id);
  return { data: { og_id: body.og_id, op_id: body.op_id }, message: 'Position deleted' };
});
