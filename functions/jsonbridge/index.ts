import { createGroupHandler } from '../http/group-handler';
import {
  addJsonBridgeRoute,
  deleteJsonBridgeRoute,
  getJsonBridgeByIdRoute,
  getJsonBridgesRoute,
  regenerateJsonBridgeKeyRoute,
  updateJsonBridgeNameRoute,
} from './bridge-routes';
import { connectJsonBridgeRoute, disconnectJsonBridgeRoute, getJsonOrderManagerRoute, updateJsonBridgeTradingFlagRoute } from './order-group-routes';
import { searchScriptRoute } from './search-script';
import { getJsonBridgeSecurityRoute, updateJsonBridgeSecurityRoute } from './security-routes';
import { jsonBridgeWebhookRoute } from './webhook';

/**
 * Route group `jsonbridge` (spec §7): JSON bridges, their webhook keys and the order-manager order
 * group each feeds, plus the syntax generator's script search and the public webhook that receives signals.
 */
export const handler = createGroupHandler('jsonbridge', [
  getJsonBridgesRoute,
  addJsonBridgeRoute,
  connectJsonBridgeRoute,
  disconnectJsonBridgeRoute,
  updateJsonBridgeTradingFlagRoute,
  regenerateJsonBridgeKeyRoute,
  deleteJsonBridgeRoute,
  updateJsonBridgeNameRoute,
  getJsonBridgeByIdRoute,
  getJsonOrderManagerRoute,
  searchScriptRoute,
  getJsonBridgeSecurityRoute,
  updateJsonBridgeSecurityRoute,
  jsonBridgeWebhookRoute,
]);
