import { describe, expect, it } from 'vitest';
import { OP_STATUSES, POSITION_ACTIONS, type OpStatus, type PositionAction } from '../../shared/contracts/ordermanager';
import { actionRefusal, editRefusal, groupOffers, groupTargetHit } from '../../functions/ordermanager/position-rules';

/** Which actions each state allows (spec §4, DESIGN.md §5): the whole table, so a changed rule shows here. */
const EXPECTED: Readonly<Record<OpStatus, readonly PositionAction[]>> = {
  WAITING: ['enter', 'cancel', 'edit', 'delete'],
  OPEN: ['exit', 'markasexited', 'edit'],
  EXITED: ['delete'],
  CANCELLED: ['delete'],
  GROUP_TGT: ['delete'],
  GROUP_SL: ['delete'],
};

describe('order manager position rules', () => {
  const cases = OP_STATUSES.flatMap((status) => POSITION_ACTIONS.map((action) => [status, action, EXPECTED[status].includes(action)] as const));

  it.each(cases)('%s allows %s: %s', (status, action, allowed) => {
    const refusal = actionRefusal(action, status);
    if (allowed) expect(refusal).toBeNull();
    else expect(refusal).toMatch(new RegExp(`^This position is ${status}: it cannot be .+ \\(only [A-Z_ or]+ positions can\\)\\.$`));
  });

  it('names the states that allow the action in a refusal', () => {
    expect(actionRefusal('enter', 'OPEN')).toBe('This position is OPEN: it cannot be entered (only WAITING positions can).');
    expect(actionRefusal('exit', 'CANCELLED')).toBe('This position is CANCELLED: it cannot be exited (only OPEN positions can).');
    expect(actionRefusal('edit', 'EXITED')).toBe('This position is EXITED: it cannot be edited (only WAITING or OPEN positions can).');
  });

  it.each([
    ['WAITING', ['quantity', 'script_id', 'sl_value'], null],
    ['OPEN', ['sl_value', 'tgt_type', 'is_trail_set'], null],
    ['OPEN', ['quantity', 'sl_value'], /only its target, stop-loss and trailing can change \(not quantity\)/],
    ['EXITED', ['sl_value'], /cannot be edited/],
  ] as const)('an edit of a %s position changing %j: %s', (status, fields, expected) => {
    const refusal = editRefusal(status, fields);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });

  it.each([
    [[], { can_exit_all: false, can_cancel_all: false, can_execute_all: false, open_position_count: 0, waiting_position_count: 0 }],
    [['OPEN', 'EXITED'], { can_exit_all: true, can_cancel_all: false, can_execute_all: false, open_position_count: 1, waiting_position_count: 0 }],
    [['WAITING', 'CANCELLED', 'WAITING'], { can_exit_all: false, can_cancel_all: true, can_execute_all: true, open_position_count: 0, waiting_position_count: 2 }],
    [['WAITING', 'OPEN', 'OPEN'], { can_exit_all: true, can_cancel_all: true, can_execute_all: true, open_position_count: 2, waiting_position_count: 1 }],
    [['GROUP_TGT', 'GROUP_SL'], { can_exit_all: false, can_cancel_all: false, can_execute_all: false, open_position_count: 0, waiting_position_count: 0 }],
  ] as const)('a group with positions %j offers %j', (statuses, offers) => {
    expect(groupOffers(statuses)).toEqual(offers);
  });

  it.each([
    [['OPEN', 'EXITED'], false],
    [['OPEN', 'GROUP_TGT'], true],
    [['GROUP_SL'], true],
  ] as const)('positions %j mean the group hit its target or stop-loss: %s', (statuses, hit) => {
    expect(groupTargetHit(statuses)).toBe(hit);
  });
});
