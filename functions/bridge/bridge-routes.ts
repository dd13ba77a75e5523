import { bridgeContracts } from '../../shared/contracts/bridge';
import { listBridges } from '../data/bridges-repository';
import { defineRoute } from '../platform/http/route';
import { bridgeAnswer, bridgeAnswers } from './bridge-answers';
import { ZERO_FIGURES } from './bridge-figures';
import { toBridge, withWebhookKey } from './bridge-view';
import { addBridge, changeBridge, loadOwnedBridge, removeBridge, resetKey, setTrading } from './custom-bridges';

/** The bridge itself: list, read, add, rename, switch, re-key, delete. */
export const getUserBridgeRoute = defineRoute(bridgeContracts.getUserBridge, async ({ principal }) => ({
  data: await bridgeAnswers(principal, await listBridges(principal)),
  message: 'Bridges fetched',
}));

export const getUserBridgeByIdRoute = defineRoute(bridgeContracts.getUserBridgeById, async ({ body, principal }) => ({
  data: await bridgeAnswer(principal, await loadOwnedBridge(principal, body.bridge_id)),
  message: 'Bridge fetched',
}));

export const addUserBridgeRoute = defineRoute(bridgeContracts.addUserBridge, async ({ body, principal }) => {
  const { bridge, webhookKey } = await addBridge(principal, body.bridge_name);
  // A new bridge has no positions and no signals yet (spec §4).
  return { data: withWebhookKey(toBridge(bridge, ZERO_FIGURES), webhookKey), message: 'Bridge added' };
});

export const updateBridgeNameRoute = defineRoute(bridgeContracts.updateBridgeName, async ({ body, principal }) => ({
  data: await bridgeAnswer(principal, await changeBridge(principal, body.bridge_id, { bridge_name: body.bridge_name })),
  message: 'Bridge name updated',
}));

export const updateBridgeTradingFlagRoute = defineRoute(bridgeContracts.updateBridgeTradingFlag, async ({ body, principal }) => ({
  data: await bridgeAnswer(principal, await setTrading(principal, body.bridge_id, body.trading_enabled)),
  message: body.trading_enabled ? 'Bridge trading turned on' : 'Bridge trading turned off',
}));

export const userBridgeConnectionRoute = defineRoute(bridgeContracts.userBridgeConnection, async ({ body, principal }) => ({
  data: await bridgeAnswer(principal, await changeBridge(principal, body.bridge_id, { is_connected: true })),
  message: 'Bridge connected',
}));

export const userBridgeDisconnectRoute = defineRoute(bridgeContracts.userBridgeDisconnect, async ({ body, principal }) => ({
  data: await bridgeAnswer(principal, await changeBridge(principal, body.bridge_id, { is_connected: false })),
  message: 'Bridge disconnected',
}));

export const resetBridgeKeyRoute = defineRoute(bridgeContracts.resetBridgeKey, async ({ body, principal }) => {
  const { bridge, webhookKey } = await resetKey(principal, body.bridge_id);
  return { data: withWebhookKey(await bridgeAnswer(principal, bridge), webhookKey), message: 'Bridge key reset' };
});

export const removeUserBridgeRoute = defineRoute(bridgeContracts.removeUserBridge, async ({ body, principal }) => {
  await removeBridge(principal, body.bridge_id);
  return { data: { bridge_id: body.bridge_id }, message: 'Bridge removed' };
});
