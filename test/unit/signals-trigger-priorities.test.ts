import { describe, expect, it } from 'vitest';
import {
  nextPriority,
  priorityChanges,
  renumberAfterDelete,
  renumberTriggers,
  reorderTriggers,
  type PrioritisedTrigger,
  type TriggerDirection,
} from '../../functions/signals/trigger-priorities';
import { uniformAt } from '../../functions/broker-adapters/paper/seeded-random';

const up = (id: string, priority: number): PrioritisedTrigger => ({ trigger_id: id, direction: 'UP', priority });
const down = (id: string, priority: number): PrioritisedTrigger => ({ trigger_id: id, direction: 'DOWN', priority });
const BRIDGE = [up('u1', 1), up('u2', 2), up('u3', 3), down('d1', 1), down('d2', 2)];

/** "id:priority" per direction, in priority order. */
function summary(triggers: readonly PrioritisedTrigger[]): Record<TriggerDirection, string[]> {
  const of = (direction: TriggerDirection) =>
    triggers
      .filter((trigger) => trigger.direction === direction)
      .sort((a, b) => a.priority - b.priority)
      .map((trigger) => `${trigger.trigger_id}:${trigger.priority}`);
  return { UP: of('UP'), DOWN: of('DOWN') };
}

describe('deleting a trigger renumbers from 1 within its direction', () => {
  const table: readonly [string, string, Record<TriggerDirection, string[]>][] = [
    ['the first UP trigger', 'u1', { UP: ['u2:1', 'u3:2'], DOWN: ['d1:1', 'd2:2'] }],
    ['a middle UP trigger', 'u2', { UP: ['u1:1', 'u3:2'], DOWN: ['d1:1', 'd2:2'] }],
    ['the last DOWN trigger', 'd2', { UP: ['u1:1', 'u2:2', 'u3:3'], DOWN: ['d1:1'] }],
    ['an unknown id changes nothing', 'zz', { UP: ['u1:1', 'u2:2', 'u3:3'], DOWN: ['d1:1', 'd2:2'] }],
  ];
  for (const [name, deleted, expected] of table) {
    it(name, () => {
      expect(summary(renumberAfterDelete(BRIDGE, deleted))).toEqual(expected);
    });
  }

  it('closes gaps and settles repeats left by earlier edits (ties by id)', () => {
    expect(summary(renumberTriggers([up('b', 5), up('a', 5), up('c', 2), down('d', 9)]))).toEqual({ UP: ['c:1', 'a:2', 'b:3'], DOWN: ['d:1'] });
  });

  it('adds a new trigger last in its direction', () => {
    expect(nextPriority(BRIDGE, 'UP')).toBe(4);
    expect(nextPriority(BRIDGE, 'DOWN')).toBe(3);
    expect(nextPriority([], 'UP')).toBe(1);
  });

  it('names only the triggers whose priority changed, for the store to write', () => {
    const after = renumberAfterDelete(BRIDGE, 'u2');
    expect(priorityChanges(BRIDGE, after).map((trigger) => `${trigger.trigger_id}:${trigger.priority}`)).toEqual(['u3:2']);
  });
});

describe('updatetriggerspriorities: reordering one direction', () => {
  it('numbers the given order from 1 and leaves the other direction as it was', () => {
    const result = reorderTriggers(BRIDGE, 'UP', ['u3', 'u1', 'u2']);
    expect(result.ok && summary(result.triggers)).toEqual({ UP: ['u3:1', 'u1:2', 'u2:3'], DOWN: ['d1:1', 'd2:2'] });
  });

  const refused: readonly [string, TriggerDirection, string[], string[]][] = [
    ['a missing trigger', 'UP', ['u3', 'u1'], ['trigger_ids: expected every UP trigger; missing u2']],
    ['a trigger listed twice', 'UP', ['u1', 'u1', 'u2', 'u3'], ['trigger_ids.1: trigger u1 is listed twice']],
    ['a trigger of the other direction', 'DOWN', ['d2', 'u1', 'd1'], ["trigger_ids.1: trigger u1 is not one of this bridge's DOWN triggers"]],
    ['an unknown trigger', 'DOWN', ['d2', 'd1', 'x9'], ["trigger_ids.2: trigger x9 is not one of this bridge's DOWN triggers"]],
  ];
  for (const [name, direction, ids, problems] of refused) {
    it(`refuses ${name}`, () => {
      const result = reorderTriggers(BRIDGE, direction, ids);
      expect(result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual(problems);
    });
  }
});

describe('renumbering always yields 1..n per direction (property)', () => {
  it('holds over random deletes and reorders', () => {
    for (let run = 0; run < 200; run += 1) {
      let triggers: PrioritisedTrigger[] = Array.from({ length: 2 + Math.floor(uniformAt(3, run, 0) * 10) }, (_, index) => ({
        trigger_id: `t${index}`,
        direction: uniformAt(3, run, index, 1) < 0.5 ? 'UP' : 'DOWN',
        priority: 1 + Math.floor(uniformAt(3, run, index, 2) * 20),
      }));
      for (let edit = 0; edit < 6 && triggers.length > 0; edit += 1) {
        if (uniformAt(5, run, edit) < 0.5) {
          const victim = triggers[Math.floor(uniformAt(5, run, edit, 1) * triggers.length)];
          triggers = renumberAfterDelete(triggers, victim?.trigger_id ?? '');
        } else {
          const direction: TriggerDirection = uniformAt(5, run, edit, 2) < 0.5 ? 'UP' : 'DOWN';
          const ids = triggers.filter((trigger) => trigger.direction === direction).map((trigger) => trigger.trigger_id);
          const shuffled = ids.map((id, index) => ({ id, key: uniformAt(5, run, edit, index, 3) })).sort((a, b) => a.key - b.key).map((entry) => entry.id);
          const result = reorderTriggers(triggers, direction, shuffled);
          if (!result.ok) throw new Error(JSON.stringify(result.problems));
          triggers = result.triggers;
        }
        for (const direction of ['UP', 'DOWN'] as const) {
          const priorities = triggers.filter((trigger) => trigger.direction === direction).map((trigger) => trigger.priority).sort((a, b) => a - b);
          expect(priorities).toEqual(priorities.map((_, index) => index + 1));
        }
      }
    }
  });
});
