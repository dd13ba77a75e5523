import { bridgeContracts } from '../../shared/contracts/bridge';
import { defineRoute } from '../platform/http/route';
import { bridgePositions } from './bridge-answers';
import { loadOwnedBridge } from './custom-bridges';
import { fireManualSignal } from './manual-signal';

/** The bridge's positions (its order group's) and firing a direction by hand. */
export const getBridgePositionsRoute = defineRoute(bridgeContracts.getBridgePositions, async ({ body, principal }) => ({
  data: await bridgePositions(principal, await loadOwnedBridge(principal, body.bridge_id)),
  message: 'Bridge positions fetched',
}));

export const placeBridgeOrderRoute = defineRoute(bridgeContracts.placeBridgeOrder, async ({ body, principal, scope }) => {
  const signal = await fireManualSignal(principal, body.bridge_id, body.direction, body.idempotency_key, scope.log);
  return { data: { signal_id: signal.signal_id }, message: signal.reason ?? `${body.direction} signal sent` };
});
