import { setTimeout as pause } from 'node:timers/promises';
import { BrokerRateLimitedError } from './broker-errors';
import type { CallMode } from './retry-policy';

/** Waits the given milliseconds; injected so tests can skip the broker's wait. */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = async (ms) => {
  await pause(ms);
};

/**
 * Sends a broker call; a read the broker refused for rate is waited out (the broker's own retry-after)
 * and sent again, at most `retries` more times. A write is never repeated: a rate-limited write comes
 * back to the caller, who decides (nothing was placed).
 */
export async function waitingOutRateLimits<T>(mode: CallMode, retries: number, sleep: Sleep, send: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await send();
    } catch (error) {
      const mayWait = error instanceof BrokerRateLimitedError && mode === 'read' && retry < retries;
      if (!mayWait) throw error;
      await sleep(error.retryAfterSeconds * 1_000);
    }
  }
}
