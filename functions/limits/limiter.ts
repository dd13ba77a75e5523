import { clearWindow, decrement, incrementBelowLimit } from '../data/rate-limit-repository';
import { now as clockNow } from '../platform/clock';
import { RateLimitedError } from '../platform/errors';
import { currentWindow, type CurrentWindow, type RateRule } from './fixed-window';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please try again later.';

/** A unit taken from a budget before the outcome is known; give it back if the attempt did not count. */
export interface Reservation {
  readonly window: CurrentWindow;
  /** The attempt did not count after all (e.g. a correct password). */
  giveBack(): Promise<void>;
  /** Starts the key's window afresh (e.g. an account's failures after a successful login). */
  clear(): Promise<void>;
}

/** Takes one unit of the rule's budget for the key; false when the window is already full. */
export function tryTake(rule: RateRule, key: string, now = clockNow()): Promise<boolean> {
  return incrementBelowLimit(currentWindow(rule, key, now), rule.limit);
}

/** Takes one unit, or refuses with 429 and Retry-After (seconds until the window ends). */
export async function reserveOrRefuse(
  rule: RateRule,
  key: string,
  now = clockNow(),
  message = TOO_MANY_ATTEMPTS_MESSAGE,
): Promise<Reservation> {
  const window = currentWindow(rule, key, now);
  if (!(await incrementBelowLimit(window, rule.limit))) throw new RateLimitedError(message, window.secondsLeft);
  return { window, giveBack: () => decrement(window), clear: () => clearWindow(window) };
}

/** Starts the key's current window afresh. */
export function forget(rule: RateRule, key: string, now = clockNow()): Promise<void> {
  return clearWindow(currentWindow(rule, key, now));
}
