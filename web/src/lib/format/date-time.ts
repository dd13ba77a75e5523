import { marketClockParts as partsOf, type MarketClockParts } from '@shared/domain/market-clock';

export type { MarketClockParts };

/** Null for an instant that does not parse, so callers can show the raw text instead of "NaN". */
export function marketClockParts(instant: InstantInput): MarketClockParts | null {
  return partsOf(toDate(instant));
}

type InstantInput = Date | string | number;

function toDate(instant: InstantInput): Date {
  return instant instanceof Date ? instant : new Date(instant);
}

/** The spec §9 formats, each a function of the Asia/Kolkata clock fields. */
const LAYOUTS = {
  /** yyyy-MM-dd */
  payload: (p: MarketClockParts) => `${p.year}-${p.month}-${p.day}`,
  /** dd-MM-yyyy */
  display: (p: MarketClockParts) => `${p.day}-${p.month}-${p.year}`,
  /** yyyy-MM-dd HH:mm:ss */
  dateTime: (p: MarketClockParts) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`,
  /** HH:mm:ss */
  time: (p: MarketClockParts) => `${p.hour}:${p.minute}:${p.second}`,
  /** yyyy-MM-dd_HH-mm-ss: safe in file names on every system. */
  fileStamp: (p: MarketClockParts) => `${p.year}-${p.month}-${p.day}_${p.hour}-${p.minute}-${p.second}`,
} as const;

type Layout = keyof typeof LAYOUTS;

function formatIn(layout: Layout, instant: InstantInput): string {
  const parts = marketClockParts(instant);
  return parts ? LAYOUTS[layout](parts) : String(instant);
}

/** yyyy-MM-dd in Asia/Kolkata, the format dates travel in (spec §9). */
export const formatPayloadDate = (instant: InstantInput): string => formatIn('payload', instant);
/** dd-MM-yyyy in Asia/Kolkata, the format dates are shown in. */
export const formatDisplayDate = (instant: InstantInput): string => formatIn('display', instant);
/** yyyy-MM-dd HH:mm:ss in Asia/Kolkata. */
export const formatDateTime = (instant: InstantInput): string => formatIn('dateTime', instant);
/** HH:mm:ss in Asia/Kolkata. */
export const formatTime = (instant: InstantInput): string => formatIn('time', instant);
/** yyyy-MM-dd_HH-mm-ss in Asia/Kolkata, for downloaded file names. */
export const formatFileStamp = (instant: InstantInput): string => formatIn('fileStamp', instant);

/** A download's file name stamped with the Asia/Kolkata time: `activity-logs_2026-11-21_14-05-09.csv`. */
export function stampedFileName(base: string, extension: string, instant: InstantInput = new Date()): string {
  return `${base}_${formatFileStamp(instant)}.${extension}`;
}
