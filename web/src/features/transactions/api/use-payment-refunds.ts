import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentRefundContracts } from '@shared/contracts/payment-refunds';
import { callApi } from '@/lib/api-client';
import { transactionsKeys } from './transactions-keys';

/** A franchise payment's refunds and what may still be refunded (open refunds are asked at PhonePe first). */
export function usePaymentRefunds(paymentId: string) {
  return useQuery({
    queryKey: transactionsKeys.refunds(paymentId),
    queryFn: () => callApi(paymentRefundContracts.getPaymentRefunds, { payment_id: paymentId }),
    // While a refund is open, look again every few seconds until PhonePe settles it.
    refetchInterval: (query) => (query.state.data?.refunds.some((refund) => refund.state === 'requested' || refund.state === 'pending') ? 5_000 : false),
  });
}

/** Refunds (part of) a completed PhonePe payment: the user's wallet is debited first. */
export function useRefundPayment(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { amount: number; reason: string }) => callApi(paymentRefundContracts.refundPayment, { payment_id: paymentId, ...request }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsKeys.refunds(paymentId) }),
        queryClient.invalidateQueries({ queryKey: [...transactionsKeys.all, 'payments'] }),
        queryClient.invalidateQueries({ queryKey: [...transactionsKeys.all, 'ledger'] }),
      ]),
  });
}
