/** A Kite session: what every authenticated call needs, and when Kite will stop honouring it. */
export interface KiteSession {
  readonly apiKey: string;
  readonly accessToken: string;
  readonly userId: string;
  /** Epoch ms; Kite tokens die at 06:00 IST the next day (§2.1). Calls after this are refused without calling. */
  readonly validUntil: number;
}

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const SIX_HOURS_MS = 6 * 3_600_000;

/** The first 06:00 IST strictly after the login instant. */
export function kiteSessionValidUntil(loginAt: number): number {
  const istMs = loginAt + IST_OFFSET_MS;
  const istMidnight = istMs - (((istMs % DAY_MS) + DAY_MS) % DAY_MS);
  const sixToday = istMidnight + SIX_HOURS_MS;
  const nextSix = istMs < sixToday ? sixToday : sixToday + DAY_MS;
  return nextSix - IST_OFFSET_MS;
}
