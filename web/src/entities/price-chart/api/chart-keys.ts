/** Query keys of the price chart's reads. */
export const chartKeys = {
  all: ['price-chart'] as const,
  candles: (scriptId: string, timeframe: number) => [...chartKeys.all, 'candles', scriptId, timeframe] as const,
  orders: (scriptId: string, fromDate: string, toDate: string) => [...chartKeys.all, 'orders', scriptId, fromDate, toDate] as const,
};
