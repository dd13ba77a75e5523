import type { LedgerFilters, PaymentFilters } from '../money-filters';
import type { TransferFilters } from '../transfer-filters';

/** Query keys of the Transaction page. */
export const transactionsKeys = {
  all: ['transactions'] as const,
  transfers: (filters: TransferFilters) => [...transactionsKeys.all, 'bank-transfers', filters] as const,
  alerts: () => [...transactionsKeys.all, 'payment-alerts'] as const,
  payments: (filters: PaymentFilters, offset: number) => [...transactionsKeys.all, 'payments', filters, offset] as const,
  ledger: (filters: LedgerFilters, offset: number) => [...transactionsKeys.all, 'ledger', filters, offset] as const,
  refunds: (paymentId: string) => [...transactionsKeys.all, 'refunds', paymentId] as const,
};
