import { jsonbridgeContracts } from '../../shared/contracts/jsonbridge';
import { defineRoute } from '../platform/http/route';
import { jsonBridgeView, jsonBridgeViews, toJsonBridgeWithKey } from './json-bridge-view';
import { addJsonBridge, changeJsonBridge, listOwnJsonBridges, loadOwnedJsonBridge, regenerateKey, removeJsonBridge } from './json-bridges';

/** The bridge itself: list, read, add, rename, delete, and its webhook key. */
export const getJsonBridgesRoute = defineRoute(jsonbridgeContracts.getJsonBridges, async ({ principal }) => ({
  data: await jsonBridgeViews(principal, await listOwnJsonBridges(principal)),
  message: 'Json Bridges fetched',
}));

export const getJsonBridgeByIdRoute = defineRoute(jsonbridgeContracts.getJsonBridgeById, async ({ body, principal }) => ({
  data: await jsonBridgeView(principal, await loadOwnedJsonBridge(principal, body.json_bridge_id)),
  message: 'Json Bridge fetched',
}));

export const addJsonBridgeRoute = defineRoute(jsonbridgeContracts.addJsonBridge, async ({ body, principal }) => {
  const { bridge, webhookKey } = await addJsonBridge(principal, body.json_bridge_name);
  return { data: await toJsonBridgeWithKey(principal, bridge, webhookKey), message: 'Json Bridge added' };
});

export const updateJsonBridgeNameRoute = defineRoute(jsonbridgeContracts.updateJsonBridgeName, async ({ body, principal }) => ({
  data: await jsonBridgeView(principal, await changeJsonBridge(principal, body.json_bridge_id, { json_bridge_name: body.json_bridge_name })),
  message: 'Json Bridge name updated',
}));

export const deleteJsonBridgeRoute = defineRoute(jsonbridgeContracts.deleteJsonBridge, async ({ body, principal }) => {
  await removeJsonBridge(principal, body.json_bridge_id);
  return { data: { json_bridge_id: body.json_bridge_id }, message: 'Json Bridge deleted' };
});

export const regenerateJsonBridgeKeyRoute = defineRoute(jsonbridgeContracts.regenerateJsonBridgeKey, async ({ body, principal }) => {
  const { bridge, webhookKey } = await regenerateKey(principal, body.json_bridge_id);
  return { data: await toJsonBridgeWithKey(principal, bridge, webhookKey), message: 'Json Bridge key regenerated' };
});
