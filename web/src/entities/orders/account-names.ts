import { BROKER_DISPLAY_NAMES, type BrokerKind } from '@shared/domain/brokers';

/** What an order says about its account. */
export interface OrderAccount {
  broker_id: string;
  broker: BrokerKind;
}

export type AccountNamer = (order: OrderAccount) => string;

/**
 * Names an order's account by the combined name of the accounts given, or, for an account not among
 * them (removed since, or the list not loaded), the way the server names one: broker and id tail.
 */
export function accountNamer(accounts: readonly { broker_id: string; broker_combined_name: string }[]): AccountNamer {
  const names = new Map(accounts.map((account) => [account.broker_id, account.broker_combined_name]));
  return (order) => names.get(order.broker_id) ?? `${BROKER_DISPLAY_NAMES[order.broker]} (${order.broker_id.slice(-6)})`;
}
