import { useQuery } from '@tanstack/react-query';
import { bankTransferContracts } from '@shared/contracts/bank-transfers';
import { paymentContracts } from '@shared/contracts/payments';
import { callApi } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** How many of the latest payments and claims the wallet lists. */
export const RECENT_LIMIT = 20;

/** The caller's latest PhonePe payments, newest first. */
export function useMyPayments() {
  return useQuery({ queryKey: walletKeys.payments(), queryFn: () => callApi(paymentContracts.getPayments, { limit: RECENT_LIMIT }) });
}

/** The caller's latest bank transfer claims, newest first. */
export function useMyBankTransfers() {
  return useQuery({ queryKey: walletKeys.bankTransfers(), queryFn: () => callApi(bankTransferContracts.getBankTransfers, { limit: RECENT_LIMIT }) });
}
