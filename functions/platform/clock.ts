/**
 * The one clock of the back end (functions/ and infra/local/): every reading of "now" goes through here,
 * so a test can set time for the whole process — the order path, rate limits, tokens, OTPs, schedules,
 * the paper exchange, the market calendar — with one call, and nothing reads the wall clock behind its
 * back. This file is the only place that may call `Date.now()`.
 */
export type TimeSource = () => number;

const wallClock: TimeSource = () => Date.now();

let source: TimeSource = wallClock;

/** Milliseconds since the epoch, by the injected clock. */
export function nowMs(): number {
  return source();
}

/** The current instant, by the injected clock. */
export function now(): Date {
  return new Date(source());
}

/**
 * Sets the clock (tests, the bench): a fixed instant, a function answering one, or a function answering
 * epoch milliseconds. Answers a function that restores the previous clock.
 */
export function useClock(clock: Date | (() => Date) | TimeSource): () => void {
  const previous = source;
  if (clock instanceof Date) {
    const fixed = clock.getTime();
    source = () => fixed;
  } else {
    source = () => {
      const reading = clock();
      return reading instanceof Date ? reading.getTime() : reading;
    };
  }
  return () => {
    source = previous;
  };
}

/** Back to the wall clock (afterEach in tests that set one). */
export function useWallClock(): void {
  source = wallClock;
}
