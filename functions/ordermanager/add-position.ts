import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { defineRoute } from '../platform/http/route';
import { toPosition } from './order-manager-view';
import { addPosition } from './position-book';

export const addPositionRoute = defineRoute(ordermanagerContracts.addPosition, async ({ body, principal }) => ({
  data: toPosition(await addPosition(principal, body)),
  message: 'Position added',
}));
