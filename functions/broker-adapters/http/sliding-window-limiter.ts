import type { RateWindow } from './rate-window';
import { nowMs } from '../../platform/clock';

/**
 * A FIFO queue that lets a caller through only when every window has room: at most `limit` grants in
 * any `windowMs`. Excess callers wait in order; nobody is dropped.
 */
export class SlidingWindowLimiter {
  private readonly grantTimes: number[][];
  private readonly waiting: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly windows: readonly RateWindow[],
    private readonly now: () => number = nowMs,
  ) {
    this.grantTimes = windows.map(() => []);
  }

  acquire(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.drain();
    });
  }

  get queued(): number {
    return this.waiting.length;
  }

  private drain(): void {
    if (this.timer) return;
    while (this.waiting.length > 0) {
      const now = this.now();
      const waitMs = this.waitBeforeNextGrant(now);
      if (waitMs > 0) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.drain();
        }, waitMs);
        return;
      }
      for (const times of this.grantTimes) times.push(now);
      this.waiting.shift()?.();
    }
  }

  private waitBeforeNextGrant(now: number): number {
    let waitMs = 0;
    this.windows.forEach((window, index) => {
      const times = this.grantTimes[index] ?? [];
      while (times.length > 0 && (times[0] ?? now) <= now - window.windowMs) times.shift();
      if (times.length >= window.limit) {
        const freedAt = (times[times.length - window.limit] ?? now) + window.windowMs;
        waitMs = Math.max(waitMs, freedAt - now);
      }
    });
    return waitMs;
  }
}
