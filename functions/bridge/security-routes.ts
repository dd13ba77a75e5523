import { customBridgeSecurityContracts } from '../../shared/contracts/bridge-security';
import { defineRoute } from '../platform/http/route';
import { changeBridgeSecurity, readBridgeSecurity } from '../signals/security/bridge-security';
import { loadOwnedBridge } from './custom-bridges';

/** The webhook's optional sender checks (spec extension): another user's bridge is not found (404). */
export const getBridgeSecurityRoute = defineRoute(customBridgeSecurityContracts.getBridgeSecurity, async ({ body, principal }) => {
  await loadOwnedBridge(principal, body.bridge_id);
  return { data: await readBridgeSecurity(principal, body.bridge_id), message: 'Bridge security fetched' };
});

export const updateBridgeSecurityRoute = defineRoute(customBridgeSecurityContracts.updateBridgeSecurity, async ({ body, principal }) => {
  const { bridge_id: id, ...change } = body;
  await loadOwnedBridge(principal, id);
  return { data: await changeBridgeSecurity(principal, 'custom', id, change), message: 'Bridge security updated' };
});
