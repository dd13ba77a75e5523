import { DEFAULT_HISTORY_RANGE_DAYS } from '@shared/domain/constants';
import { formatPayloadDate } from './date-time';

const PAYLOAD_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day as a UTC midnight, so day arithmetic never meets a daylight-saving shift. */
function utcDay(payloadDate: string): Date | null {
  const match = PAYLOAD_DATE.exec(payloadDate);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  const isRealDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDay ? date : null;
}

function toPayload(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whether a string is a real calendar date in the payload format yyyy-MM-dd. */
export function isPayloadDate(value: string): boolean {
  return utcDay(value) !== null;
}

/** The payload date `days` later (negative: earlier); the input is returned unchanged when it is not a date. */
export function shiftPayloadDate(payloadDate: string, days: number): string {
  const day = utcDay(payloadDate);
  return day ? toPayload(new Date(day.getTime() + days * DAY_MS)) : payloadDate;
}

/** yyyy-MM-dd → dd-MM-yyyy, without any time-zone conversion (it is already a calendar day). */
export function payloadToDisplayDate(payloadDate: string): string {
  const match = PAYLOAD_DATE.exec(payloadDate);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : payloadDate;
}

const DISPLAY_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/**
 * What a user typed as a date → yyyy-MM-dd, or null when it is not a real day. Takes the display
 * format dd-MM-yyyy (also with / or . and one-digit day or month) and the payload format itself.
 */
export function displayToPayloadDate(text: string): string | null {
  const trimmed = text.trim();
  if (isPayloadDate(trimmed)) return trimmed;
  const match = DISPLAY_DATE.exec(trimmed);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const payload = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isPayloadDate(payload) ? payload : null;
}

/**
 * Typing digits into a dd-MM-yyyy field: the dashes come by themselves ("120320" → "12-03-20"). Only
 * while the text grows and holds nothing but digits and dashes, so deleting and pasting stay as typed.
 */
export function maskDisplayDate(typed: string, previous: string): string {
  if (typed.length <= previous.length || !/^[\d-]*$/.test(typed)) return typed;
  // A dash the user put after a one-digit day or month is theirs ("1-3-2026"): the text stays as typed.
  if (typed.split('-').slice(0, -1).some((segment) => segment.length !== 2)) return typed;
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter((part) => part !== '');
  return parts.join('-');
}

export type PayloadDateRange = {
  from_date: string;
  to_date: string;
};

/** Spec §9: history screens open on the last 30 days: from 30 days ago to today, in Asia/Kolkata. */
export function defaultHistoryRange(now: Date = new Date()): PayloadDateRange {
  const today = formatPayloadDate(now);
  return { from_date: shiftPayloadDate(today, -DEFAULT_HISTORY_RANGE_DAYS), to_date: today };
}
