import { createGroupHandler } from '../platform/http/group-handler';
import { addGroupRoute } from './add-group';
import { addGroupBrokerRoute } from './add-group-broker';
import { connectMasterRoute } from './connect-master';
import { deleteGroupRoute } from './delete-group';
import { disconnectMasterRoute } from './disconnect-master';
import { getGroupBrokersRoute } from './get-group-brokers';
import { getGroupByIdRoute } from './get-group-by-id';
import { getGroupNamesRoute } from './get-group-names';
import { getGroupsRoute } from './get-groups';
import { getUserOrderInfoRoute } from './get-user-order-info';
import { removeGroupBrokerRoute } from './remove-group-broker';
import { updateChildTradingFlagRoute } from './update-child-trading-flag';
import { updateGroupBrokerRoute } from './update-group-broker';
import { updateGroupNameRoute } from './update-group-name';
import { updateGroupTradingFlagRoute } from './update-group-trading-flag';
import { updatePlaceRejectedRoute } from './update-place-rejected';
import { updateStrategyRoute } from './update-strategy';

/**
 * Route group `groups` (spec §7): copy-trading groups, their children and master. The group order
 * calls (`groupOrderContracts`: placeorder, updateorder, updategroupbrokerorder, squareoffall,
 * getpositions, getgrouppendingorders) arrive with issue 5 part 2 and are registered here with it.
 */
export const handler = createGroupHandler('groups', [
  addGroupRoute,
  updateGroupTradingFlagRoute,
  updatePlaceRejectedRoute,
  connectMasterRoute,
  disconnectMasterRoute,
  updateGroupNameRoute,
  deleteGroupRoute,
  updateStrategyRoute,
  getGroupByIdRoute,
  getGroupBrokersRoute,
  addGroupBrokerRoute,
  updateChildTradingFlagRoute,
  updateGroupBrokerRoute,
  removeGroupBrokerRoute,
  getUserOrderInfoRoute,
  getGroupsRoute,
  getGroupNamesRoute,
]);
