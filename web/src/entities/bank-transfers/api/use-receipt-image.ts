import { useQuery } from '@tanstack/react-query';
import { bankTransferContracts, type BankTransferView } from '@shared/contracts/bank-transfers';
import { callApi } from '@/lib/api-client';

/** Who reads the receipt: the claim's owner (on /wallet) or the franchise's broker panel (on /transaction). */
export type ReceiptReader = 'own' | 'franchise';

const READ_CALLS = {
  own: bankTransferContracts.getBankTransferReceipt,
  franchise: bankTransferContracts.getFranchiseBankTransferReceipt,
} as const;

/** A claim's receipt image, read when asked for (keyed by its upload time: a replaced receipt is read afresh). */
export function useReceiptImage(reader: ReceiptReader, transfer: BankTransferView) {
  return useQuery({
    queryKey: ['bank-transfer-receipt', reader, transfer.transfer_id, transfer.receipt?.uploaded_at ?? null] as const,
    queryFn: () => callApi(READ_CALLS[reader], { transfer_id: transfer.transfer_id }),
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
