import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDisplayDate,
  formatFileStamp,
  formatPayloadDate,
  formatTime,
  stampedFileName,
} from '../../web/src/lib/format/date-time';

/** 2026-11-21 08:35:09 UTC is 14:05:09 in Asia/Kolkata (UTC+05:30). */
const INSTANT = new Date('2026-11-21T08:35:09Z');
/** 20:00 UTC is already the next day in Asia/Kolkata. */
const LATE_UTC_EVENING = new Date('2026-12-31T20:00:00Z');

describe('Asia/Kolkata date formats', () => {
  it('writes the payload format yyyy-MM-dd', () => {
    expect(formatPayloadDate(INSTANT)).toBe('2026-11-21');
  });

  it('writes the display format dd-MM-yyyy', () => {
    expect(formatDisplayDate(INSTANT)).toBe('21-11-2026');
  });

  it('writes the date-time format yyyy-MM-dd HH:mm:ss on a 24-hour clock', () => {
    expect(formatDateTime(INSTANT)).toBe('2026-11-21 14:05:09');
    expect(formatDateTime('2026-11-20T18:30:00Z')).toBe('2026-11-21 00:00:00');
  });

  it('writes the time format HH:mm:ss', () => {
    expect(formatTime(INSTANT)).toBe('14:05:09');
  });

  it('takes the calendar day of Asia/Kolkata, not of UTC', () => {
    expect(formatPayloadDate(LATE_UTC_EVENING)).toBe('2027-01-01');
    expect(formatDisplayDate(LATE_UTC_EVENING)).toBe('01-01-2027');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatDateTime('2026-11-21T08:35:09.000Z')).toBe('2026-11-21 14:05:09');
    expect(formatDateTime(INSTANT.getTime())).toBe('2026-11-21 14:05:09');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('file-name stamps', () => {
  it('stamps with the Asia/Kolkata time in a file-system-safe form', () => {
    expect(formatFileStamp(INSTANT)).toBe('2026-11-21_14-05-09');
  });

  it('builds a stamped file name', () => {
    expect(stampedFileName('activity-logs', 'csv', INSTANT)).toBe('activity-logs_2026-11-21_14-05-09.csv');
  });
});
