import type { BrokerKind } from '../../../shared/domain/brokers';
import { isWithinTradingWindow } from '../../market/trading-window';

/**
 * When a master's book is polled: while some Indian exchange can take orders (trading-window.ts). An
 * order placed outside the window (after-market) is copied at the next opening, since polling catches
 * up on every row it has not seen. The paper exchange, when simulated as always open (local demos,
 * tests), is polled always.
 */
export function isMasterPolledAt(broker: BrokerKind, at: Date, paperAlwaysOpen: boolean): boolean {
  if (broker === 'paper' && paperAlwaysOpen) return true;
  return isWithinTradingWindow(at);
}
