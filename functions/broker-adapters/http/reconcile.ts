import type { BrokerAdapter, BrokerOrder } from '../broker-adapter';

/**
 * The answer to "did the broker get the order with this tag?" after an 'unknown' place outcome.
 * `duplicates` lists any further orders carrying the same tag (should be empty; alert if not).
 */
export type ReconcileResult =
  | { readonly kind: 'found'; readonly order: BrokerOrder; readonly duplicates: readonly BrokerOrder[] }
  | { readonly kind: 'absent' };

/** An adapter whose orders carry the client tag in the order book, so ambiguous outcomes can be settled. */
export interface ReconcilingBrokerAdapter extends BrokerAdapter {
  reconcileByTag(tag: string): Promise<ReconcileResult>;
}

export function findByTag(orders: readonly BrokerOrder[], tag: string): ReconcileResult {
  const matches = orders.filter((order) => order.tag === tag);
  const [first, ...rest] = matches;
  return first ? { kind: 'found', order: first, duplicates: rest } : { kind: 'absent' };
}
