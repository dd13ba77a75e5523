import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { BrokerAdapter, OrderRequest, PlaceOutcome } from '../../functions/broker-adapters/broker-adapter';
import { configureOrderPath } from '../../functions/orders/order-path-settings';

/** One placeOrder the order path asked an account's adapter for. */
export interface Placement {
  readonly brokerId: string;
  readonly tag: string;
  /** performance.now() when the order path called the adapter: the broker request leaves now. */
  readonly sentAt: number;
  /** performance.eventLoopUtilization() at that moment. */
  readonly loopAtSend: EventLoopUtilization;
  /** performance.now() when the adapter answered. */
  readonly answeredAt: number;
  readonly outcome: PlaceOutcome['kind'];
}

export interface PlacementProbe {
  readonly placements: readonly Placement[];
  /** Called after each placement is recorded (a bench waits on it). */
  onPlacement(listener: ((placement: Placement) => void) | null): void;
  restore(): void;
}

/**
 * Times every placeOrder through the order path's adapter seam (`wrapAdapter`, the seam tests put
 * doubles in), product code unchanged: the wrapper only reads the clock around the adapter's call.
 */
export function probePlacements(): PlacementProbe {
  const placements: Placement[] = [];
  let listener: ((placement: Placement) => void) | null = null;
  const timed = (adapter: BrokerAdapter, brokerId: string) => async (request: OrderRequest) => {
    const loopAtSend = performance.eventLoopUtilization();
    const sentAt = performance.now();
    const outcome = await adapter.placeOrder(request);
    const placement = { brokerId, tag: request.tag, sentAt, loopAtSend, answeredAt: performance.now(), outcome: outcome.kind };
    placements.push(placement);
    listener?.(placement);
    return outcome;
  };
  const restore = configureOrderPath({
    // Adapters are class instances: each method is bound by hand (a spread would drop the prototype's).
    wrapAdapter: (adapter, account): BrokerAdapter => ({
      ...adapter,
      orderBook: () => adapter.orderBook(),
      positions: () => adapter.positions(),
      funds: () => adapter.funds(),
      ltp: (instruments) => adapter.ltp(instruments),
      modifyOrder: (change) => adapter.modifyOrder(change),
      cancelOrder: (id) => adapter.cancelOrder(id),
      placeOrder: timed(adapter, account.broker_id),
    }),
  });
  return {
    placements,
    onPlacement: (next) => {
      listener = next;
    },
    restore,
  };
}

/** Most entries of one list of instants (ms) within any window of one second. */
export function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= 1_000) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Most orders any one account's broker answered within one second. */
export function maxOrdersPerSecondPerAccount(placements: readonly Placement[]): number {
  const byAccount = new Map<string, number[]>();
  for (const placement of placements) byAccount.set(placement.brokerId, [...(byAccount.get(placement.brokerId) ?? []), placement.answeredAt]);
  return Math.max(0, ...[...byAccount.values()].map(busiestSecond));
}
