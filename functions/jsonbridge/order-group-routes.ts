import { jsonbridgeContracts } from '../../shared/contracts/jsonbridge';
import { pricesOfPositions } from '../ordermanager/monitor/script-prices';
import { toOrderGroup } from '../ordermanager/order-manager-view';
import { now } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { jsonBridgeView } from './json-bridge-view';
import { changeJsonBridge, connectedOrderGroup, connectToOrderGroup, disconnectFromOrderGroup } from './json-bridges';

/** The bridge's link to an order-manager order group: connect, disconnect, place-order flag, and the group itself. */
export const connectJsonBridgeRoute = defineRoute(jsonbridgeContracts.connectJsonBridge, async ({ body, principal }) => ({
  data: await jsonBridgeView(principal, await connectToOrderGroup(principal, body.json_bridge_id, body.og_id, body.target_kind, body.target_id)),
  message: 'Json Bridge connected',
}));

export const disconnectJsonBridgeRoute = defineRoute(jsonbridgeContracts.disconnectJsonBridge, async ({ body, principal }) => ({
  data: await jsonBridgeView(principal, await disconnectFromOrderGroup(principal, body.json_bridge_id)),
  message: 'Json Bridge disconnected',
}));

export const updateJsonBridgeTradingFlagRoute = defineRoute(jsonbridgeContracts.updateJsonBridgeTradingFlag, async ({ body, principal }) => ({
  data: await jsonBridgeView(principal, await changeJsonBridge(principal, body.json_bridge_id, { og_place_order: body.og_place_order })),
  message: body.og_place_order ? 'Json Bridge place order turned on' : 'Json Bridge place order turned off',
}));

export const getJsonOrderManagerRoute = defineRoute(jsonbridgeContracts.getJsonOrderManager, async ({ body, principal }) => {
  const connected = await connectedOrderGroup(principal, body.json_bridge_id);
  // Priced like getordergroups: one last traded price per script, for the positions' ltp and live P&L.
  const prices = connected ? await pricesOfPositions(connected.positions, now()) : undefined;
  return {
    data: { json_bridge_id: body.json_bridge_id, order_group: connected ? toOrderGroup(connected.group, connected.positions, prices) : null },
    message: connected ? 'Order group fetched' : 'No order group connected',
  };
});
