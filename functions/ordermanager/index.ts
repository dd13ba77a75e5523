import { createGroupHandler } from '../http/group-handler';
import { addOrderGroupRoute } from './add-order-group';
import { addPositionRoute } from './add-position';
import { cancelAllPositionRoute, enterAllPositionRoute, exitAllPositionRoute } from './all-position-routes';
import { deleteOrderGroupRoute } from './delete-order-group';
import { deletePositionRoute } from './delete-position';
import { editOrderGroupRoute } from './edit-order-group';
import { editPositionRoute } from './edit-position';
import { getOrderGroupsRoute } from './get-order-groups';
import { cancelPositionRoute, enterPositionRoute, exitPositionRoute, markAsExitedPositionRoute } from './position-routes';

/**
 * Route group `ordermanager` (spec §7): order groups and their positions. Enter and exit place orders
 * through the common order path (origin ordermanager); the position monitor comes with a later issue.
 */
export const handler = createGroupHandler('ordermanager', [
  getOrderGroupsRoute,
  addOrderGroupRoute,
  editOrderGroupRoute,
  deleteOrderGroupRoute,
  addPositionRoute,
  editPositionRoute,
  deletePositionRoute,
  markAsExitedPositionRoute,
  exitPositionRoute,
  cancelPositionRoute,
  enterPositionRoute,
  cancelAllPositionRoute,
  enterAllPositionRoute,
  exitAllPositionRoute,
]);
