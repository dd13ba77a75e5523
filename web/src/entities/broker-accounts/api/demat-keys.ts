/** Query keys of broker accounts (read by the demat screens and many others); every broker query and invalidation goes through these. */
export const dematKeys = {
  all: ['demat'] as const,
  catalog: () => [...dematKeys.all, 'catalog'] as const,
  plans: () => [...dematKeys.all, 'plans'] as const,
  accounts: () => [...dematKeys.all, 'accounts'] as const,
  account: (brokerId: string) => [...dematKeys.all, 'account', brokerId] as const,
  refundNote: (brokerId: string) => [...dematKeys.all, 'refund-note', brokerId] as const,
  /** What the broker reports for the account now: net positions, today's order book and funds (read again after every order). */
  live: (brokerId: string) => [...dematKeys.all, 'live', brokerId] as const,
  positions: (brokerId: string) => [...dematKeys.live(brokerId), 'positions'] as const,
  orderBook: (brokerId: string) => [...dematKeys.live(brokerId), 'order-book'] as const,
  funds: (brokerId: string) => [...dematKeys.live(brokerId), 'funds'] as const,
};
