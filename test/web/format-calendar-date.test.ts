import { describe, expect, it } from 'vitest';
import { DEFAULT_HISTORY_RANGE_DAYS } from '../../shared/domain/constants';
import {
  defaultHistoryRange,
  isPayloadDate,
  payloadToDisplayDate,
  shiftPayloadDate,
} from '../../web/src/lib/format/calendar-date';

describe('payload calendar dates', () => {
  it.each([
    ['2026-11-21', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['21-11-2026', false],
    ['', false],
  ])('knows whether %s is a date', (value, expected) => {
    expect(isPayloadDate(value)).toBe(expected);
  });

  it('shifts across month and year ends', () => {
    expect(shiftPayloadDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftPayloadDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftPayloadDate('2026-11-21', -30)).toBe('2026-10-22');
  });

  it('turns yyyy-MM-dd into dd-MM-yyyy without moving the day', () => {
    expect(payloadToDisplayDate('2026-01-02')).toBe('02-01-2026');
  });
});

describe('defaultHistoryRange', () => {
  it('spans the last 30 days up to today in Asia/Kolkata', () => {
    // Prepare: 19:00 UTC on 21 Nov is 00:30 on 22 Nov in Asia/Kolkata
    const now = new Date('2026-11-21T19:00:00Z');
    // Act
    const range = defaultHistoryRange(now);
    // Assess
    expect(DEFAULT_HISTORY_RANGE_DAYS).toBe(30);
    expect(range).toEqual({ from_date: '2026-10-23', to_date: '2026-11-22' });
  });
});
