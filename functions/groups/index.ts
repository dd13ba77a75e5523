import { createGroupHandler } from '../http/group-handler';
import { addGroupRoute } from './add-group';
import { addGroupBrokerRoute } from './add-group-broker';
import { connectMasterWithBaselineRoute } from './connect-master-with-baseline';
import { deleteGroupRoute } from './delete-group';
import { disconnectMasterRoute } from './disconnect-master';
import { getGroupBrokersRoute } from './get-group-brokers';
import { getGroupByIdRoute } from './get-group-by-id';
import { getGroupNamesRoute } from './get-group-names';
import { getGroupPendingOrdersRoute } from './get-group-pending-orders';
import { getGroupPositionsRoute } from './get-group-positions';
import { getGroupsRoute } from './get-groups';
import { getUserOrderInfoRoute } from './get-user-order-info';
import { placeGroupOrderRoute } from './place-group-order';
import { removeGroupBrokerRoute } from './remove-group-broker';
import { squareOffGroupRoute } from './square-off-group';
import { updateChildTradingFlagRoute } from './update-child-trading-flag';
import { updateGroupBrokerRoute } from './update-group-broker';
import { updateGroupBrokerOrderRoute } from './update-group-broker-order';
import { updateGroupNameRoute } from './update-group-name';
import { updateGroupOrderRoute } from './update-group-order';
import { updateGroupTradingFlagRoute } from './update-group-trading-flag';
import { updatePlaceRejectedRoute } from './update-place-rejected';
import { updateStrategyRoute } from './update-strategy';
import { zerodhaPostbackRoute } from './zerodha-postback';

/**
 * Route group `groups` (spec §7): copy-trading groups, their children and master, and the group
 * order calls (`/users/broker/group/*` and getgrouppendingorders); `connectmaster` also takes the
 * master-mirroring baseline, and Zerodha's postbacks for masters land here (functions/groups/mirroring).
 */
export const handler = createGroupHandler('groups', [
  addGroupRoute,
  updateGroupTradingFlagRoute,
  updatePlaceRejectedRoute,
  connectMasterWithBaselineRoute,
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
  getGroupPendingOrdersRoute,
  placeGroupOrderRoute,
  updateGroupOrderRoute,
  updateGroupBrokerOrderRoute,
  squareOffGroupRoute,
  getGroupPositionsRoute,
  zerodhaPostbackRoute,
]);
