import { bridgeContracts } from '../../shared/contracts/bridge';
import { defineRoute } from '../platform/http/route';
import { bridgeTriggersAnswer, triggerAnswer } from './bridge-answers';
import { addBridgeTrigger, loadOrderedTriggers, removeBridgeTrigger, reorderBridgeTriggers, updateBridgeTrigger } from './bridge-triggers';

/** The bridge's triggers: list by direction, add, change, delete (renumbering), reorder. */
export const getBridgeTriggersRoute = defineRoute(bridgeContracts.getBridgeTriggers, async ({ body, principal }) => ({
  data: await bridgeTriggersAnswer(principal, await loadOrderedTriggers(principal, body.bridge_id)),
  message: 'Bridge triggers fetched',
}));

export const addBridgeTriggerRoute = defineRoute(bridgeContracts.addBridgeTrigger, async ({ body, principal }) => ({
  data: await triggerAnswer(principal, await addBridgeTrigger(principal, body)),
  message: 'Bridge trigger added',
}));

export const updateBridgeTriggerRoute = defineRoute(bridgeContracts.updateBridgeTrigger, async ({ body, principal }) => ({
  data: await triggerAnswer(principal, await updateBridgeTrigger(principal, body)),
  message: 'Bridge trigger updated',
}));

export const removeBridgeTriggerRoute = defineRoute(bridgeContracts.removeBridgeTrigger, async ({ body, principal }) => ({
  data: await bridgeTriggersAnswer(principal, await removeBridgeTrigger(principal, body.bridge_id, body.trigger_id)),
  message: 'Bridge trigger removed',
}));

export const updateTriggersPrioritiesRoute = defineRoute(bridgeContracts.updateTriggersPriorities, async ({ body, principal }) => ({
  data: await bridgeTriggersAnswer(principal, await reorderBridgeTriggers(principal, body.bridge_id, body.direction, body.trigger_ids)),
  message: 'Bridge trigger priorities updated',
}));
