import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANGEL_RATE_PLAN } from '../../functions/broker-adapters/angelone/angel-config';
import { AccountRateLimits, LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { perMinute, perSecond } from '../../functions/broker-adapters/http/rate-window';
import { SlidingWindowLimiter } from '../../functions/broker-adapters/http/sliding-window-limiter';
import { KITE_RATE_PLAN } from '../../functions/broker-adapters/zerodha/kite-config';
import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../shared/domain/brokers';

describe('sliding-window limiter (10 orders/s per account; excess waits, never dropped)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-01-05T04:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts `count` acquisitions at the given offsets (ms) and records when each got through. */
  async function run(limiter: SlidingWindowLimiter, offsets: readonly number[]): Promise<number[]> {
    const start = Date.now();
    const grantedAt: number[] = [];
    const all: Promise<void>[] = [];
    for (const offset of offsets) {
      await vi.advanceTimersByTimeAsync(offset - (Date.now() - start));
      all.push(limiter.acquire().then(() => void grantedAt.push(Date.now() - start)));
    }
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all(all);
    return grantedAt;
  }

  it('lets 11 orders spread over one second through, the 11th after waiting ~100 ms', async () => {
    const limiter = new SlidingWindowLimiter([perSecond(MAX_ORDERS_PER_SECOND_PER_ACCOUNT)]);
    const offsets = Array.from({ length: 11 }, (_, index) => index * 90);
    const granted = await run(limiter, offsets);
    expect(granted).toHaveLength(11);
    expect(granted.slice(0, 10)).toEqual(offsets.slice(0, 10));
    expect(granted[10]).toBe(1000);
    expect((granted[10] ?? 0) - (offsets[10] ?? 0)).toBeGreaterThanOrEqual(100);
  });

  it('queues a burst of 25 in order: 10 at once, 10 a second later, 5 after that', async () => {
    const limiter = new SlidingWindowLimiter([perSecond(10)]);
    const granted = await run(limiter, Array.from({ length: 25 }, () => 0));
    expect(granted).toEqual([...Array(10).fill(0), ...Array(10).fill(1000), ...Array(5).fill(2000)]);
  });

  it('never lets more than the limit through in any sliding window', async () => {
    const limiter = new SlidingWindowLimiter([perSecond(10), perMinute(25)]);
    const offsets = Array.from({ length: 40 }, (_, index) => index * 37);
    await vi.advanceTimersByTimeAsync(0);
    const start = Date.now();
    const grantedAt: number[] = [];
    const all = offsets.map(async (offset) => {
      await new Promise((resolve) => setTimeout(resolve, offset));
      await limiter.acquire();
      grantedAt.push(Date.now() - start);
    });
    await vi.advanceTimersByTimeAsync(200_000);
    await Promise.all(all);
    expect(grantedAt).toHaveLength(40);
    for (const at of grantedAt) {
      expect(grantedAt.filter((other) => other >= at && other < at + 1000).length).toBeLessThanOrEqual(10);
      expect(grantedAt.filter((other) => other >= at && other < at + 60_000).length).toBeLessThanOrEqual(25);
    }
  });

  it('shares one budget per broker account and call class across adapter instances', async () => {
    const registry = new LimiterRegistry();
    const plan = { order: [perSecond(2)], read: [perSecond(2)] };
    const first = new AccountRateLimits('zerodha', 'acct-1', plan, registry);
    const second = new AccountRateLimits('zerodha', 'acct-1', plan, registry);
    const other = new AccountRateLimits('zerodha', 'acct-2', plan, registry);
    let granted = 0;
    const count = () => void (granted += 1);
    void first.acquire('order').then(count);
    void second.acquire('order').then(count);
    void second.acquire('order').then(count);
    void other.acquire('order').then(count);
    void first.acquire('read').then(count);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toBe(4);
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted).toBe(5);
  });

  it('caps both brokers’ default order plans at the platform’s 10 orders per second', () => {
    for (const plan of [KITE_RATE_PLAN.order, ANGEL_RATE_PLAN.order]) {
      expect(plan.filter((window) => window.windowMs <= 1000).every((window) => window.limit <= MAX_ORDERS_PER_SECOND_PER_ACCOUNT)).toBe(true);
    }
    expect(KITE_RATE_PLAN.order).toContainEqual({ limit: 400, windowMs: 60_000 });
    expect(KITE_RATE_PLAN.quote).toEqual([{ limit: 1, windowMs: 1000 }]);
    expect(ANGEL_RATE_PLAN.book).toEqual([{ limit: 1, windowMs: 1000 }]);
  });
});
