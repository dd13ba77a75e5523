import { createGroupHandler } from '../http/group-handler';
import {
  addUserBridgeRoute,
  getUserBridgeByIdRoute,
  getUserBridgeRoute,
  removeUserBridgeRoute,
  resetBridgeKeyRoute,
  updateBridgeNameRoute,
  updateBridgeTradingFlagRoute,
  userBridgeConnectionRoute,
  userBridgeDisconnectRoute,
} from './bridge-routes';
import { getBridgePositionsRoute, placeBridgeOrderRoute } from './position-routes';
import { addBridgeTriggerRoute, getBridgeTriggersRoute, removeBridgeTriggerRoute, updateBridgeTriggerRoute, updateTriggersPrioritiesRoute } from './trigger-routes';
import { signalLogRoutes } from '../signals/routes/signal-log-routes';
import { getBridgeSecurityRoute, updateBridgeSecurityRoute } from './security-routes';
import { bridgeWebhookRoute } from './webhook';

/**
 * Route group `bridge` (spec §7 "Bridge"): custom bridges, their triggers, webhook keys and positions,
 * firing a direction by hand, the webhook's sender checks, the public webhook that receives signals,
 * and the signal log of both kinds of bridge (getbridgesignals, replaysignal).
 */
export const handler = createGroupHandler('bridge', [
  getUserBridgeRoute,
  getUserBridgeByIdRoute,
  addUserBridgeRoute,
  updateBridgeTradingFlagRoute,
  userBridgeConnectionRoute,
  userBridgeDisconnectRoute,
  removeUserBridgeRoute,
  resetBridgeKeyRoute,
  updateBridgeNameRoute,
  getBridgeTriggersRoute,
  addBridgeTriggerRoute,
  updateBridgeTriggerRoute,
  removeBridgeTriggerRoute,
  updateTriggersPrioritiesRoute,
  placeBridgeOrderRoute,
  getBridgePositionsRoute,
  getBridgeSecurityRoute,
  updateBridgeSecurityRoute,
  bridgeWebhookRoute,
  ...signalLogRoutes,
]);
