import { describe, expect, it } from 'vitest';
import { formatNumber as legacyFormatNumber } from '../../web/src/lib/format-number';
import { formatMoney, formatMoneyExact } from '../../web/src/lib/format/money';
import { formatCount, formatNumber } from '../../web/src/lib/format/number';

describe('formatNumber', () => {
  it.each([
    [0, '0.00'],
    [12.345, '12.35'],
    [999.994, '999.99'],
    [1_000, '1.0K'],
    [1_250.5, '1.3K'],
    [999_999, '1000.0K'],
    [1_000_000, '1.0M'],
    [2_345_678, '2.3M'],
    [1_000_000_000, '1.0B'],
    [-1_500, '-1.5K'],
    [-12.5, '-12.50'],
  ])('writes %d as %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('is still exported from lib/format-number for existing imports', () => {
    expect(legacyFormatNumber(1_250.5)).toBe('1.3K');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1.0K'],
    [12_400_000, '12.4M'],
  ])('writes %d as %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '₹0.00'],
    [250, '₹250.00'],
    [1_250.5, '₹1.3K'],
    [3_000_000, '₹3.0M'],
    [-12.5, '-₹12.50'],
  ])('writes %d as %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it('writes exact amounts with Indian digit grouping', () => {
    expect(formatMoneyExact(1_234_567.5)).toBe('₹12,34,567.50');
  });
});
