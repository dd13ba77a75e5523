import type { RatePlan, RateWindow } from './rate-window';
import { SlidingWindowLimiter } from './sliding-window-limiter';
import { nowMs } from '../../platform/clock';

/**
 * Limiters keyed by broker, account and call class, shared by every adapter instance in the process
 * so two adapters for one account still respect one budget. The first caller's windows win for a key.
 */
export class LimiterRegistry {
  private readonly limiters = new Map<string, SlidingWindowLimiter>();

  constructor(private readonly now: () => number = nowMs) {}

  limiterFor(key: string, windows: readonly RateWindow[]): SlidingWindowLimiter {
    const existing = this.limiters.get(key);
    if (existing) return existing;
    const created = new SlidingWindowLimiter(windows, this.now);
    this.limiters.set(key, created);
    return created;
  }
}

export const sharedLimiters = new LimiterRegistry();

/** The limits of one broker account: `acquire('order')` waits for a slot in that class, in order. */
export class AccountRateLimits<Class extends string> {
  constructor(
    private readonly broker: string,
    private readonly accountKey: string,
    private readonly plan: RatePlan<Class>,
    private readonly registry: LimiterRegistry = sharedLimiters,
  ) {}

  acquire(callClass: Class): Promise<void> {
    return this.registry.limiterFor(`${this.broker}:${this.accountKey}:${callClass}`, this.plan[callClass]).acquire();
  }
}
