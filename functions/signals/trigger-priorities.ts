import type { ValidationIssue } from '../../shared/contracts/envelope';
import type { BRIDGE_DIRECTIONS } from '../../shared/domain/ranges';

/**
 * Priorities of a custom bridge's triggers (spec §4: "deleting a trigger renumbers remaining priorities
 * from 1 within each direction"; `updatetriggerspriorities` reorders). Each direction's triggers run in
 * priority order 1, 2, …, n, with no gaps or repeats, whatever edits came before.
 */
/** Triggers hang off UP and DOWN; NONE has none. */
export type TriggerDirection = Exclude<(typeof BRIDGE_DIRECTIONS)[number], 'NONE'>;

export interface PrioritisedTrigger {
  readonly trigger_id: string;
  readonly direction: TriggerDirection;
  readonly priority: number;
}

/** Priority order, then id, so triggers that somehow share a priority still get a stable order. */
function byPriority(a: PrioritisedTrigger, b: PrioritisedTrigger): number {
  return a.priority - b.priority || a.trigger_id.localeCompare(b.trigger_id);
}

function numbered<T extends PrioritisedTrigger>(ordered: readonly T[]): T[] {
  return ordered.map((trigger, index) => ({ ...trigger, priority: index + 1 }));
}

/** Every direction renumbered 1..n in its current order. */
export function renumberTriggers<T extends PrioritisedTrigger>(triggers: readonly T[]): T[] {
  const directions = [...new Set(triggers.map((trigger) => trigger.direction))];
  return directions.flatMap((direction) => numbered(triggers.filter((trigger) => trigger.direction === direction).sort(byPriority)));
}

/** The triggers left after deleting one, renumbered from 1 within each direction. */
export function renumberAfterDelete<T extends PrioritisedTrigger>(triggers: readonly T[], deletedTriggerId: string): T[] {
  return renumberTriggers(triggers.filter((trigger) => trigger.trigger_id !== deletedTriggerId));
}

/** A new trigger goes last in its direction. */
export function nextPriority(triggers: readonly PrioritisedTrigger[], direction: TriggerDirection): number {
  return triggers.filter((trigger) => trigger.direction === direction).length + 1;
}

export type ReorderResult<T> = { readonly ok: true; readonly triggers: T[] } | { readonly ok: false; readonly problems: readonly ValidationIssue[] };

/**
 * One direction's triggers in the order given (first = priority 1); the other direction keeps its order.
 * The list must name each trigger of that direction exactly once: a partial list would leave priorities ambiguous.
 */
export function reorderTriggers<T extends PrioritisedTrigger>(triggers: readonly T[], direction: TriggerDirection, orderedIds: readonly string[]): ReorderResult<T> {
  const ofDirection = new Map(triggers.filter((trigger) => trigger.direction === direction).map((trigger) => [trigger.trigger_id, trigger]));
  const problems: ValidationIssue[] = [];
  const seen = new Set<string>();
  orderedIds.forEach((id, index) => {
    if (seen.has(id)) problems.push({ path: `trigger_ids.${index}`, message: `trigger ${id} is listed twice` });
    else if (!ofDirection.has(id)) problems.push({ path: `trigger_ids.${index}`, message: `trigger ${id} is not one of this bridge's ${direction} triggers` });
    seen.add(id);
  });
  const missing = [...ofDirection.keys()].filter((id) => !seen.has(id));
  if (missing.length > 0) problems.push({ path: 'trigger_ids', message: `expected every ${direction} trigger; missing ${missing.join(', ')}` });
  if (problems.length > 0) return { ok: false, problems };

  const reordered = numbered(orderedIds.map((id) => ofDirection.get(id)).filter((trigger) => trigger !== undefined));
  const others = renumberTriggers(triggers.filter((trigger) => trigger.direction !== direction));
  return { ok: true, triggers: [...reordered, ...others] };
}

/** The triggers whose priority differs from before: the only items a store needs to write. */
export function priorityChanges<T extends PrioritisedTrigger>(before: readonly PrioritisedTrigger[], after: readonly T[]): T[] {
  const previous = new Map(before.map((trigger) => [trigger.trigger_id, trigger.priority]));
  return after.filter((trigger) => previous.get(trigger.trigger_id) !== trigger.priority);
}
