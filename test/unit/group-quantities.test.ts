import { describe, expect, it } from 'vitest';
import { childQuantity, isValidMultiplier, MAX_MULTIPLIER, MIN_MULTIPLIER } from '../../shared/domain/group-quantities';

describe('child quantity: master quantity × multiplier, rounded down', () => {
  // masterQuantity in units; lotSize null = traded in units (equity).
  const placed: readonly [string, number, number, number | null, number, number | null, boolean][] = [
    ['equity 1×', 10, 1, null, 10, null, false],
    ['equity 0.5× of an even quantity', 10, 0.5, null, 5, null, false],
    ['equity 0.5× of an odd quantity rounds down', 7, 0.5, null, 3, null, true],
    ['equity 3×', 7, 3, null, 21, null, false],
    ['equity 0.29× computes in hundredths (not 28.999…)', 100, 0.29, null, 29, null, false],
    ['equity 1.5×', 3, 1.5, null, 4, null, true],
    ['F&O 1× of 2 lots of 75', 150, 1, 75, 150, 2, false],
    ['F&O 0.5× of 2 lots is 1 lot', 150, 0.5, 75, 75, 1, false],
    ['F&O 0.5× of 3 lots rounds down to 1 lot', 225, 0.5, 75, 75, 1, true],
    ['F&O 3× of 1 lot is 3 lots', 30, 3, 30, 90, 3, false],
    ['F&O 1.25× of 4 lots is 5 lots', 200, 1.25, 50, 250, 5, false],
    ['F&O 0.7× of 10 lots is 7 lots', 750, 0.7, 75, 525, 7, false],
    ['MCX 2.5× of 1 lot rounds down to 2 lots', 100, 2.5, 100, 200, 2, true],
    ['largest multiplier', 1, MAX_MULTIPLIER, null, 100, null, false],
  ];
  for (const [name, masterQuantity, multiplier, lotSize, quantity, lots, roundedDown] of placed) {
    it(name, () => {
      expect(childQuantity({ masterQuantity, multiplier, lotSize })).toEqual({ kind: 'quantity', quantity, lots, roundedDown });
    });
  }

  const nothing: readonly [string, number, number, number | null, string][] = [
    ['F&O 0.5× of 1 lot is below one lot, never zero', 75, 0.5, 75, 'Below one lot at 0.5× (1 lot × 0.5 = 0.5 lot).'],
    ['F&O 0.25× of 3 lots is below one lot', 150, 0.25, 50, 'Below one lot at 0.25× (3 lots × 0.25 = 0.75 lot).'],
    ['equity 0.5× of 1 share is below one unit', 1, 0.5, null, 'Below one unit at 0.5× (1 × 0.5 = 0.5).'],
    ['smallest multiplier on 99 shares', 99, MIN_MULTIPLIER, null, 'Below one unit at 0.01× (99 × 0.01 = 0.99).'],
    ['F&O master quantity that is not whole lots', 100, 1, 75, 'The master quantity 100 is not a whole number of lots of 75.'],
    ['zero master quantity', 0, 1, null, 'The master quantity must be a whole number above 0.'],
    ['fractional master quantity', 2.5, 1, null, 'The master quantity must be a whole number above 0.'],
    ['multiplier with three decimals', 10, 0.125, null, 'The multiplier must be 0.01–100 with at most 2 decimals.'],
    ['multiplier above the maximum', 10, 101, null, 'The multiplier must be 0.01–100 with at most 2 decimals.'],
    ['zero multiplier', 10, 0, null, 'The multiplier must be 0.01–100 with at most 2 decimals.'],
  ];
  for (const [name, masterQuantity, multiplier, lotSize, reason] of nothing) {
    it(name, () => {
      expect(childQuantity({ masterQuantity, multiplier, lotSize })).toEqual({ kind: 'none', reason });
    });
  }

  it('refuses a lot size that is not a whole number above 0 (a broken master, not user input)', () => {
    expect(() => childQuantity({ masterQuantity: 10, multiplier: 1, lotSize: 0 })).toThrow('Lot size 0');
  });
});

describe('multiplier validity', () => {
  it.each([
    [0.01, true],
    [0.5, true],
    [1, true],
    [2.75, true],
    [100, true],
    [0.29, true],
    [0.005, false],
    [0.001, false],
    [1.234, false],
    [100.01, false],
    [-1, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%s → %s', (multiplier, valid) => {
    expect(isValidMultiplier(multiplier)).toBe(valid);
  });
});
