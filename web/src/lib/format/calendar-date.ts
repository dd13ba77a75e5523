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

export type PayloadDateRange = {
  from_date: string;
  to_date: string;
};

/** Spec §9: history screens open on the last 30 days: from 30 days ago to today, in Asia/Kolkata. */
export function defaultHistoryRange(now: Date = new Date()): PayloadDateRange {
  const today = formatPayloadDate(now);
  return { from_date: shiftPayloadDate(today, -DEFAULT_HISTORY_RANGE_DAYS), to_date: today };
}
