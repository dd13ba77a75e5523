import { AmbiguousOutcomeError, BrokerUnavailableError, EgressUnavailableError, type BrokerError } from './broker-errors';
import { EgressTunnelError } from '../../platform/egress/egress-route';
import type { CallMode } from './retry-policy';
import { TransportFailure } from './transport-failure';

/**
 * The error for an answer we cannot trust (5xx, unreadable body): a write may have been acted on,
 * so its outcome is ambiguous; a read simply failed.
 */
export function untrustedAnswerError(broker: string, mode: CallMode, message: string): BrokerError {
  return mode === 'write' ? new AmbiguousOutcomeError(broker, message) : new BrokerUnavailableError(broker, message);
}

/** A transport failure as a typed broker error: only a write that was sent is ambiguous. */
export function transportError(broker: string, mode: CallMode, failure: unknown): unknown {
  if (!(failure instanceof TransportFailure)) return failure;
  // The slot's tunnel never opened: never retried directly, and named as the reason on the order.
  if (failure.cause instanceof EgressTunnelError) return new EgressUnavailableError(broker, failure.cause.message);
  if (failure.stage === 'before-send') return new BrokerUnavailableError(broker, `Broker not reachable (${failure.code})`);
  const what = failure.timedOut ? 'did not answer in time' : `connection failed (${failure.code})`;
  return untrustedAnswerError(broker, mode, `Broker ${what}`);
}
