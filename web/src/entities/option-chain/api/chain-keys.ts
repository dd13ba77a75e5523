/** Query keys of the option chain's reads. */
export const chainKeys = {
  all: ['option-chain'] as const,
  chain: (underlying: string, exchange: string, expiry: string | null) => [...chainKeys.all, 'chain', underlying, exchange, expiry] as const,
  offers: (query: string) => [...chainKeys.all, 'offers', query] as const,
};
