import { EgressTunnelError } from '../../platform/egress/egress-route';
import type { HttpAnswer } from './send-request';
import { TransportFailure } from './transport-failure';

/** 'write' = changes broker state (place/modify/cancel); 'read' = safe to repeat. */
export type CallMode = 'read' | 'write';

export interface RetryPolicy {
  readonly maxAttempts: number;
  /** Base of the exponential back-off; each wait is a random value up to base × 2^(attempt-1) (full jitter). */
  readonly baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 50 };

const RETRYABLE_READ_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a failed attempt may be repeated. A write is repeated only when it provably never reached
 * the broker (refused, DNS, socket error before it was written) — never after a timeout (even one hit
 * while connecting), a reset after sending, or any HTTP answer (5xx included).
 * A read is repeated on any transport failure and on 502/503/504. An egress tunnel that could not be
 * opened is repeated only when that may help (the proxy refused the TCP connection or the broker's).
 */
export function mayRetry(mode: CallMode, outcome: { failure: unknown } | { answer: HttpAnswer }): boolean {
  if ('answer' in outcome) return mode === 'read' && RETRYABLE_READ_STATUSES.has(outcome.answer.status);
  if (!(outcome.failure instanceof TransportFailure)) return false;
  // A refused credential or host, or a proxy that did not answer in time, would only repeat itself.
  if (outcome.failure.cause instanceof EgressTunnelError && !outcome.failure.cause.retryable) return false;
  if (mode === 'read') return true;
  return outcome.failure.stage === 'before-send' && !outcome.failure.timedOut;
}

export function backoffDelayMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * policy.baseDelayMs * 2 ** (attempt - 1));
}
