import type { PayloadDateRange } from '@/lib/format/calendar-date';

/** Query keys of the wallet feature. */
export const walletKeys = {
  all: ['wallet'] as const,
  options: () => [...walletKeys.all, 'options'] as const,
  bankDetails: () => [...walletKeys.all, 'bank-details'] as const,
  payments: () => [...walletKeys.all, 'payments'] as const,
  payment: (paymentId: string) => [...walletKeys.all, 'payment', paymentId] as const,
  bankTransfers: () => [...walletKeys.all, 'bank-transfers'] as const,
  ledger: (range: PayloadDateRange) => [...walletKeys.all, 'ledger', range] as const,
};
