import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankTransferContracts, type BankTransferView } from '@shared/contracts/bank-transfers';
import { paymentContracts } from '@shared/contracts/payments';
import { callApi } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
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

/** A claim sent, and why its receipt could not be attached (null when there was none or it was). */
export interface SubmittedClaim {
  readonly transfer: BankTransferView;
  readonly receiptProblem: string | null;
}

/**
 * Claims a transfer made into the franchise's account (it waits for the broker panel's approval), then
 * attaches the receipt image when one was chosen. A receipt that fails leaves the claim standing: the
 * answer says why, and the receipt can be attached again from the claims list.
 */
export function useSubmitBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ claim, receipt }: { claim: BankClaim; receipt: File | null }): Promise<SubmittedClaim> => {
      const transfer = await callApi(bankTransferContracts.submitBankTransfer, claim);
      if (!receipt) return { transfer, receiptProblem: null };
      try {
        return { transfer: await attachReceipt(transfer.transfer_id, receipt), receiptProblem: null };
      } catch (error) {
        return { transfer, receiptProblem: errorText(error) };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.bankTransfers() }),
  });
}

const attachReceipt = (transferId: string, receipt: File) => callApi(bankTransferContracts.uploadBankTransferReceipt, { transfer_id: transferId }, {}, { receipt });

/** Attaches (or replaces) the receipt image of one of the caller's pending claims. */
export function useAttachReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transferId, receipt }: { transferId: string; receipt: File }) => attachReceipt(transferId, receipt),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.bankTransfers() }),
  });
}
