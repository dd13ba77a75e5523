import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { defineRoute } from '../platform/http/route';
import { toPosition } from './order-manager-view';
import { editPosition } from './position-book';

export const editPositionRoute = defineRoute(ordermanagerContracts.editPosition, async ({ body, principal }) => ({
  data: toPosition(await editPosition(principal, body)),
  message: 'Position updated',
}));
