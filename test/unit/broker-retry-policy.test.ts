import { describe, expect, it } from 'vitest';
import { backoffDelayMs, mayRetry } from '../../functions/broker-adapters/http/retry-policy';
import { TransportFailure } from '../../functions/broker-adapters/http/transport-failure';
import { retryAfterSeconds } from '../../functions/broker-adapters/http/payload-values';

const answer = (status: number) => ({ answer: { status, headers: {}, text: '' } });
const failure = (stage: 'before-send' | 'after-send', timedOut = false) => ({ failure: new TransportFailure(stage, 'ECONNREFUSED', timedOut) });

describe('retry policy (never after a write may have reached the broker)', () => {
  it('repeats a write only when it provably never left', () => {
    expect(mayRetry('write', failure('before-send'))).toBe(true);
    expect(mayRetry('write', failure('before-send', true))).toBe(false);
    expect(mayRetry('write', failure('after-send'))).toBe(false);
    expect(mayRetry('write', failure('after-send', true))).toBe(false);
    for (const status of [200, 400, 429, 500, 502, 503, 504]) expect(mayRetry('write', answer(status))).toBe(false);
  });

  it('repeats a read after transport failures and gateway errors, not after refusals', () => {
    expect(mayRetry('read', failure('after-send', true))).toBe(true);
    expect(mayRetry('read', answer(503))).toBe(true);
    expect(mayRetry('read', answer(500))).toBe(false);
    expect(mayRetry('read', answer(429))).toBe(false);
    expect(mayRetry('read', answer(403))).toBe(false);
    expect(mayRetry('read', { failure: new Error('bug') })).toBe(false);
  });

  it('reads a numeric Retry-After, defaulting to one second', () => {
    expect(retryAfterSeconds('3')).toBe(3);
    expect(retryAfterSeconds(['2.5'])).toBe(3);
    expect(retryAfterSeconds(undefined)).toBe(1);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBe(1);
  });

  it('backs off exponentially with full jitter', () => {
    const policy = { maxAttempts: 3, baseDelayMs: 50 };
    expect(backoffDelayMs(policy, 1, () => 1)).toBe(50);
    expect(backoffDelayMs(policy, 2, () => 1)).toBe(100);
    expect(backoffDelayMs(policy, 3, () => 0.5)).toBe(100);
    expect(backoffDelayMs(policy, 3, () => 0)).toBe(0);
  });
});
