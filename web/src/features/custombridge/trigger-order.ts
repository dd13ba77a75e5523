import type { TriggerDirectionName } from '@shared/contracts/bridge';

/** Where a direction's triggers live in `getbridgetriggers`' answer. */
export function listNameOf(direction: TriggerDirectionName): 'up_triggers' | 'down_triggers' {
  return direction === 'UP' ? 'up_triggers' : 'down_triggers';
}

/** The ids with the one at `from` moved to `to` (both clamped to the list); the same order when nothing moves. */
export function movedIds(ids: readonly string[], from: number, to: number): string[] {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  const next = [...ids];
  if (from < 0 || from >= ids.length || from === target) return next;
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

export function isSameOrder(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((id, index) => id === right[index]);
}
