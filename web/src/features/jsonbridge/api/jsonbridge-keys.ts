import { orderManagerKeys } from '@/entities/order-groups/api/ordermanager-keys';

/** Query keys of the JSON bridge feature; every bridge query and invalidation goes through these. */
export const jsonBridgeKeys = {
  all: ['jsonbridge'] as const,
  list: () => [...jsonBridgeKeys.all, 'list'] as const,
  detail: (id: string) => [...jsonBridgeKeys.all, 'bridge', id] as const,
  /** Under the order manager's keys: a position action anywhere refreshes the bridge's group too. */
  orderGroup: (id: string) => [...orderManagerKeys.all, 'jsonbridge', id] as const,
  search: (scriptType: string, symbol: string) => [...jsonBridgeKeys.all, 'search', scriptType, symbol] as const,
};
