import { ulid } from 'ulid';
import {
  MAX_TRIGGERS_PER_DIRECTION,
  TRIGGER_NOT_FOUND_MESSAGE,
  triggerTemplateSchema,
  type AddBridgeTriggerRequest,
  type TriggerDirectionName,
  type TriggerFields,
  type UpdateBridgeTriggerRequest,
} from '../../shared/contracts/bridge';
import {
  addTrigger,
  listTriggers,
  removeTrigger,
  reprioritiseTriggers,
  updateTriggerFields,
  type BridgeItem,
  type BridgeOwner,
  type PriorityChange,
  type TriggerItem,
} from '../data/bridges-repository';
import { BusinessRuleError, NotFoundError, ValidationError } from '../platform/errors';
import { toValidationIssues } from '../platform/http/parse-input';
import { priorityChanges, renumberAfterDelete, reorderTriggers } from '../signals/trigger-priorities';
import { bridgeChanged, loadOwnedBridge } from './custom-bridges';
import { ownedTarget } from './trigger-targets';

/** A bridge's triggers by direction, each in priority order (spec §3 `up_triggers` / `down_triggers`). */
export interface OrderedTriggers {
  readonly bridge: BridgeItem;
  readonly up: readonly TriggerItem[];
  readonly down: readonly TriggerItem[];
}

const byPriority = (a: TriggerItem, b: TriggerItem) => a.priority - b.priority || a.trigger_id.localeCompare(b.trigger_id);

export function orderTriggers(bridge: BridgeItem, triggers: readonly TriggerItem[]): OrderedTriggers {
  const of = (direction: TriggerDirectionName) => triggers.filter((trigger) => trigger.direction === direction).sort(byPriority);
  return { bridge, up: of('UP'), down: of('DOWN') };
}

export async function loadOrderedTriggers(owner: BridgeOwner, bridgeId: string): Promise<OrderedTriggers> {
  const bridge = await loadOwnedBridge(owner, bridgeId);
  return orderTriggers(bridge, await listTriggers(owner, bridgeId));
}

function findTrigger(triggers: readonly TriggerItem[], triggerId: string): TriggerItem {
  const trigger = triggers.find((each) => each.trigger_id === triggerId);
  if (!trigger) throw new NotFoundError(TRIGGER_NOT_FOUND_MESSAGE);
  return trigger;
}

const asChanges = (before: readonly TriggerItem[], after: readonly TriggerItem[]): PriorityChange[] => {
  const previous = new Map(before.map((trigger) => [trigger.trigger_id, trigger.priority]));
  return priorityChanges(before, after).map((trigger) => ({ triggerId: trigger.trigger_id, from: previous.get(trigger.trigger_id) ?? 0, to: trigger.priority }));
};

/**
 * Adds that lost a race with another add (the count moved) read the bridge again and take the next
 * priority: "last" needs no decision from the caller, so it is safe to retry. Each round one add wins.
 */
const ADD_ATTEMPTS = 5;

/** A new trigger goes last in its direction, on one of the caller's accounts or groups. */
export async function addBridgeTrigger(owner: BridgeOwner, request: AddBridgeTriggerRequest): Promise<TriggerItem> {
  const { bridge_id: bridgeId, direction, ...fields } = request;
  await loadOwnedBridge(owner, bridgeId);
  await ownedTarget(owner, fields.target_kind, fields.target_id);
  const trigger = { trigger_id: ulid(), bridge_id: bridgeId, direction, ...fields };
  for (let attempt = 1; attempt <= ADD_ATTEMPTS; attempt += 1) {
    const bridge = await loadOwnedBridge(owner, bridgeId);
    if (bridge.trigger_counts[direction] >= MAX_TRIGGERS_PER_DIRECTION) {
      throw new BusinessRuleError(`A bridge holds at most ${MAX_TRIGGERS_PER_DIRECTION} ${direction} triggers.`);
    }
    const added = await addTrigger(owner, bridge, trigger);
    if (added) return added;
  }
  throw bridgeChanged();
}

/** The stored template with the named changes, checked whole; a new target must be the caller's. */
export async function updateBridgeTrigger(owner: BridgeOwner, request: UpdateBridgeTriggerRequest): Promise<TriggerItem> {
  const { bridge_id: bridgeId, trigger_id: triggerId, ...changes } = request;
  await loadOwnedBridge(owner, bridgeId);
  const trigger = findTrigger(await listTriggers(owner, bridgeId), triggerId);
  const merged = triggerTemplateSchema.safeParse({ ...trigger, ...changes });
  if (!merged.success) throw new ValidationError(toValidationIssues(merged.error));
  const fields: TriggerFields = merged.data;
  if (fields.target_kind !== trigger.target_kind || fields.target_id !== trigger.target_id) await ownedTarget(owner, fields.target_kind, fields.target_id);
  const updated = await updateTriggerFields(owner, trigger, fields);
  if (!updated) throw bridgeChanged();
  return updated;
}

/** Deletes a trigger and renumbers the rest of its direction from 1 (spec §4), in one transaction. */
export async function removeBridgeTrigger(owner: BridgeOwner, bridgeId: string, triggerId: string): Promise<OrderedTriggers> {
  const bridge = await loadOwnedBridge(owner, bridgeId);
  const triggers = await listTriggers(owner, bridgeId);
  const trigger = findTrigger(triggers, triggerId);
  const remaining = renumberAfterDelete(triggers, triggerId);
  if (!(await removeTrigger(owner, bridge, trigger, asChanges(triggers, remaining)))) throw bridgeChanged();
  return loadOrderedTriggers(owner, bridgeId);
}

/** One direction in the order given; only the triggers whose priority moves are written, all or nothing. */
export async function reorderBridgeTriggers(owner: BridgeOwner, bridgeId: string, direction: TriggerDirectionName, triggerIds: readonly string[]): Promise<OrderedTriggers> {
  const bridge = await loadOwnedBridge(owner, bridgeId);
  const triggers = await listTriggers(owner, bridgeId);
  const reordered = reorderTriggers(triggers, direction, triggerIds);
  if (!reordered.ok) throw new ValidationError(reordered.problems, `The triggers to reorder must be each ${direction} trigger of this bridge, once.`);
  const changes = asChanges(triggers, reordered.triggers);
  if (changes.length > 0 && !(await reprioritiseTriggers(owner, bridge, changes))) throw bridgeChanged();
  return loadOrderedTriggers(owner, bridgeId);
}
