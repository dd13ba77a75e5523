import type { TransferFilters } from '../transfer-filters';

/** Query keys of the Transaction page. */
export const transactionsKeys = {
  all: ['transactions'] as const,
  transfers: (filters: TransferFilters) => [...transactionsKeys.all, 'bank-transfers', filters] as const,
  alerts: () => [...transactionsKeys.all, 'payment-alerts'] as const,
};
