import type { BrokerAccountItem } from '../data/broker-accounts-repository';
import type { BrokerAdapter } from '../broker-adapters/broker-adapter';

/**
 * The order path's seams, chosen once per container: whether the paper market trades around the
 * clock (local demos, tests), a wrapper around each account's adapter (tests put a double there,
 * e.g. one that loses the broker's answer), and the pause before re-checking the order book for an
 * order whose outcome was unknown. Its time is the platform clock's (functions/platform/clock.ts).
 */
export interface OrderPathSettings {
  readonly paperAlwaysOpen: boolean;
  readonly wrapAdapter: (adapter: BrokerAdapter, account: BrokerAccountItem) => BrokerAdapter;
  readonly recheckPauseMs: number;
}

const DEFAULT_SETTINGS: OrderPathSettings = {
  paperAlwaysOpen: false,
  wrapAdapter: (adapter) => adapter,
  recheckPauseMs: 1_000,
};

let current: OrderPathSettings = DEFAULT_SETTINGS;

export function orderPathSettings(): OrderPathSettings {
  return current;
}

/** Replaces some settings (local runtime, tests); answers a function that restores the previous ones. */
export function configureOrderPath(overrides: Partial<OrderPathSettings>): () => void {
  const previous = current;
  current = { ...current, ...overrides };
  return () => {
    current = previous;
  };
}
