import { describe, expect, it } from 'vitest';
import { normaliseOrderStatus, type StatusDialect } from '../../functions/broker-adapters/mapping/order-status';

type Row = readonly [raw: string, status: string, dialect?: StatusDialect];

/** Every row of reference/brokers.md §9.5, in the spelling each broker uses. */
const COMPLETED: readonly Row[] = [
  ['COMPLETE', 'completed'], // Kite, Shoonya
  ['complete', 'completed'], // Angel, Upstox, Kotak
  ['2', 'completed', 'fyers-codes'],
  ['TRADED', 'completed'], // Dhan
  ['E', 'completed', 'breeze-codes'],
  ['Executed', 'completed', 'breeze-codes'],
];
const CANCELLED: readonly Row[] = [
  ['CANCELLED', 'cancelled'],
  ['CANCELED', 'cancelled'], // Shoonya
  ['cancelled', 'cancelled'],
  ['cancelled after market order', 'cancelled'], // Upstox
  ['1', 'cancelled', 'fyers-codes'],
  ['C', 'cancelled', 'breeze-codes'],
  ['D', 'cancelled', 'breeze-codes'],
];
const EXPIRED: readonly Row[] = [
  ['7', 'cancelled', 'fyers-codes'],
  ['EXPIRED', 'cancelled'], // Dhan
  ['X', 'cancelled', 'breeze-codes'],
  ['B', 'cancelled', 'breeze-codes'],
];
const REJECTED: readonly Row[] = [
  ['REJECTED', 'rejected'],
  ['REJECT', 'rejected'], // Shoonya
  ['rejected', 'rejected'],
  ['5', 'rejected', 'fyers-codes'],
  ['J', 'rejected', 'breeze-codes'],
];
const PENDING: readonly Row[] = [
  ['OPEN', 'pending'],
  ['TRIGGER PENDING', 'pending'],
  ['trigger pending', 'pending'],
  ['TRIGGER_PENDING', 'pending'], // Shoonya spelling
  ['OPEN PENDING', 'pending'],
  ['VALIDATION PENDING', 'pending'],
  ['PUT ORDER REQ RECEIVED', 'pending'],
  ['MODIFY PENDING', 'pending'],
  ['MODIFY VALIDATION PENDING', 'pending'],
  ['MODIFIED', 'pending'],
  ['CANCEL PENDING', 'pending'],
  ['AMO REQ RECEIVED', 'pending'],
  ['AFTER MARKET ORDER REQ RECEIVED', 'pending'],
  ['MODIFY AFTER MARKET ORDER REQ RECEIVED', 'pending'],
  ['NEW', 'pending'],
  ['REPLACED', 'pending'],
  ['PENDING', 'pending'],
  ['4', 'pending', 'fyers-codes'],
  ['6', 'pending', 'fyers-codes'],
  ['TRANSIT', 'pending'], // Dhan
  ['PART_TRADED', 'pending'], // Dhan
  ['R', 'pending', 'breeze-codes'],
  ['Q', 'pending', 'breeze-codes'],
  ['O', 'pending', 'breeze-codes'],
  ['P', 'pending', 'breeze-codes'],
  ['F', 'pending', 'breeze-codes'],
  ['NOT MODIFIED', 'pending'], // a request outcome, not a state
  ['NOT CANCELLED', 'pending'],
];

describe('order status normaliser (reference/brokers.md §9.5)', () => {
  const cases = (rows: readonly Row[]) => rows.map(([raw, status, dialect]) => ({ raw, status, dialect }));

  it.each(cases([...COMPLETED, ...CANCELLED, ...REJECTED, ...PENDING]))('reads $raw as $status', ({ raw, status, dialect }) => {
    expect(normaliseOrderStatus(raw, dialect)).toEqual({ status, recognised: true, expired: false });
  });

  it.each(cases(EXPIRED))('reads expiry $raw as cancelled with the expired flag', ({ raw, status, dialect }) => {
    expect(normaliseOrderStatus(raw, dialect)).toEqual({ status, recognised: true, expired: true });
  });

  it.each([
    ['SOMETHING NEW', undefined],
    ['', undefined],
    ['FILLED', undefined],
    ['3', 'fyers-codes'],
    ['Z', 'breeze-codes'],
    ['COMPLETE', 'fyers-codes'],
  ] as const)('keeps unknown %j pending and flags it, never completed', (raw, dialect) => {
    expect(normaliseOrderStatus(raw, dialect)).toEqual({ status: 'pending', recognised: false, expired: false });
  });

  it('never answers failed: that is the platform’s word for “not accepted”', () => {
    const all = [...COMPLETED, ...CANCELLED, ...EXPIRED, ...REJECTED, ...PENDING];
    expect(all.map(([raw, , dialect]) => normaliseOrderStatus(raw, dialect).status)).not.toContain('failed');
  });
});
