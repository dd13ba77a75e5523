import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankTransferContracts } from '@shared/contracts/bank-transfers';
import { paymentContracts } from '@shared/contracts/payments';
import { callApi } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** Starts a PhonePe payment and sends the browser to PhonePe's checkout page. */
export function useStartPhonePePayment() {
  return useMutation({
    mutationFn: (amountRupees: number) => callApi(paymentContracts.makePayment, { amount: amountRupees, payment_api: 'PHONEPE' }),
    onSuccess: (payment) => window.location.assign(payment.checkout_url),
  });
}

export interface BankClaim {
  readonly amount_paise: number;
  readonly utr: string;
  readonly note: string;
}

/** Claims a transfer made into the franchise's account; it waits for the broker panel's approval. */
export function useSubmitBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claim: BankClaim) => callApi(bankTransferContracts.submitBankTransfer, claim),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.bankTransfers() }),
  });
}
