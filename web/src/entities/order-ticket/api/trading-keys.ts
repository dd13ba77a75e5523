/** Query keys of the order ticket. */
export const tradingKeys = {
  all: ['trading'] as const,
  ltp: (scriptId: string) => [...tradingKeys.all, 'ltp', scriptId] as const,
};
