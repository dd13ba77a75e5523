import type { CounterWindow } from '../data/rate-limit-repository';

/** A budget of `limit` units per key in fixed windows of `windowMinutes`. */
export interface RateRule {
  readonly scope: string;
  readonly limit: number;
  readonly windowMinutes: number;
}

/** Counters outlive their window by a little, so a late reader never sees a reset too early. */
const TTL_MARGIN_SECONDS = 60;

export interface CurrentWindow extends CounterWindow {
  /** Seconds until the window ends (at least 1): the Retry-After of a refusal. */
  readonly secondsLeft: number;
}

export function currentWindow(rule: RateRule, key: string, now: Date): CurrentWindow {
  const length = rule.windowMinutes * 60;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % length);
  const windowEnd = windowStart + length;
  return {
    scope: rule.scope,
    key,
    windowStart,
    expiresAt: windowEnd + TTL_MARGIN_SECONDS,
    secondsLeft: Math.max(1, windowEnd - nowSeconds),
  };
}
