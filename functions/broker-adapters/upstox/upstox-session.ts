import { marketDayOf, startOfMarketDay } from '../../../shared/domain/market-clock';

/** An Upstox session: the bearer token every call carries, and when Upstox stops honouring it. */
export interface UpstoxSession {
  readonly accessToken: string;
  readonly userId: string;
  /** Epoch ms; calls after this are refused without calling Upstox. */
  readonly validUntil: number;
}

/** Upstox tokens die at 03:30 IST (§4.1); India keeps no daylight saving, so it is a fixed offset from midnight. */
const EXPIRY_AFTER_MIDNIGHT_MS = (3 * 60 + 30) * 60_000;

/**
 * The first 03:30 IST strictly after the login instant: "until 3:30 AM the following day, regardless of
 * when generated" — so a token made at 02:30 dies an hour later, the same morning (DOC upstox get-token).
 */
export function upstoxSessionValidUntil(loginAt: number): number {
  const day = marketDayOf(new Date(loginAt));
  const sameMorning = startOfMarketDay(day).getTime() + EXPIRY_AFTER_MIDNIGHT_MS;
  return loginAt < sameMorning ? sameMorning : startOfMarketDay(day + 1).getTime() + EXPIRY_AFTER_MIDNIGHT_MS;
}
