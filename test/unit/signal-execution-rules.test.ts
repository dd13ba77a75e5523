import { describe, expect, it } from 'vitest';
import { positionIdOf } from '../../functions/signals/execution/position-id';
import type { PlanOutcome } from '../../functions/signals/execution/plan-outcome';
import { finalStatusOf } from '../../functions/signals/execution/signal-status';

const ULID_PATTERN = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

describe('the position id of a (signal, plan, account)', () => {
  it('is ULID-shaped and the same for the same three parts', () => {
    const id = positionIdOf('a'.repeat(64), 'order', '01J0000000000000000000000A');
    expect(id).toMatch(ULID_PATTERN);
    expect(positionIdOf('a'.repeat(64), 'order', '01J0000000000000000000000A')).toBe(id);
  });

  it('differs when any part differs, including how the parts split', () => {
    const ids = new Set([
      positionIdOf('s1', 'order', 'b1'),
      positionIdOf('s2', 'order', 'b1'),
      positionIdOf('s1', 'trigger', 'b1'),
      positionIdOf('s1', 'order', 'b2'),
      positionIdOf('s1o', 'rder', 'b1'),
    ]);
    expect(ids.size).toBe(5);
  });
});

const outcome = (value: PlanOutcome['outcome'], reason: string | null = null, brokerId: string | null = 'B1'): PlanOutcome => ({
  planId: 'order',
  brokerId,
  opId: null,
  outcome: value,
  reason,
  orderId: null,
});

describe("a run's final status", () => {
  it.each([
    [[outcome('entered'), outcome('waiting'), outcome('skipped', 'Below one lot')], 'executed'],
    [[outcome('exited'), outcome('entered')], 'executed'],
    [[outcome('entered'), outcome('failed', 'margin')], 'partially_executed'],
    [[outcome('entered'), outcome('unknown')], 'partially_executed'],
    [[outcome('failed', 'margin'), outcome('unknown')], 'failed'],
    [[outcome('skipped', 'Below one lot')], 'failed'],
    [[], 'executed'],
  ] as const)('%j → %s', (outcomes, status) => {
    expect(finalStatusOf(outcomes).status).toBe(status);
  });

  it('names the first account that fell short', () => {
    expect(finalStatusOf([outcome('entered', null, 'B1'), outcome('failed', 'Insufficient funds', 'B2')]).reason).toBe('1 of 2 did not go through; account B2: Insufficient funds');
    expect(finalStatusOf([outcome('failed', 'Not found', null)]).reason).toBe('plan order: Not found');
  });
});
