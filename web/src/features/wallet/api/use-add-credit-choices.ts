import { useQuery } from '@tanstack/react-query';
import { bankDetailsContracts } from '@shared/contracts/bank-transfers';
import { paymentContracts } from '@shared/contracts/payments';
import { callApi } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** The payment methods the franchise enables, with their limits (rupees). */
export function usePaymentOptions() {
  return useQuery({ queryKey: walletKeys.options(), queryFn: () => callApi(paymentContracts.getPaymentOptions, {}) });
}

/** The franchise's receiving bank account (configured false until the broker panel saves it). */
export function useBankDetails() {
  return useQuery({ queryKey: walletKeys.bankDetails(), queryFn: () => callApi(bankDetailsContracts.getBankDetails, {}) });
}
