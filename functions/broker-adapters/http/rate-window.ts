/** At most `limit` grants in any sliding window of `windowMs`. */
export interface RateWindow {
  readonly limit: number;
  readonly windowMs: number;
}

export const perSecond = (limit: number): RateWindow => ({ limit, windowMs: 1_000 });
export const perMinute = (limit: number): RateWindow => ({ limit, windowMs: 60_000 });
export const perHour = (limit: number): RateWindow => ({ limit, windowMs: 3_600_000 });
export const perDay = (limit: number): RateWindow => ({ limit, windowMs: 86_400_000 });

/** A broker's limits by call class (e.g. order, read, quote), each a list of windows that all apply. */
export type RatePlan<Class extends string> = Readonly<Record<Class, readonly RateWindow[]>>;
