import { jsonBridgeSecurityContracts } from '../../shared/contracts/bridge-security';
import { defineRoute } from '../platform/http/route';
import { changeBridgeSecurity, readBridgeSecurity } from '../signals/security/bridge-security';
import { loadOwnedJsonBridge } from './json-bridges';

/** The webhook's optional sender checks (spec extension): another user's bridge is not found (404). */
export const getJsonBridgeSecurityRoute = defineRoute(jsonBridgeSecurityContracts.getJsonBridgeSecurity, async ({ body, principal }) => {
  await loadOwnedJsonBridge(principal, body.json_bridge_id);
  return { data: await readBridgeSecurity(principal, body.json_bridge_id), message: 'Json Bridge security fetched' };
});

export const updateJsonBridgeSecurityRoute = defineRoute(jsonBridgeSecurityContracts.updateJsonBridgeSecurity, async ({ body, principal }) => {
  const { json_bridge_id: id, ...change } = body;
  await loadOwnedJsonBridge(principal, id);
  return { data: await changeBridgeSecurity(principal, 'json', id, change), message: 'Json Bridge security updated' };
});
