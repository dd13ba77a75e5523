import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paymentContracts } from '@shared/contracts/payments';
import { callApi } from '@/lib/api-client';
import { profileKeys } from '@/entities/profile/api/profile-keys';
import { walletKeys } from './wallet-keys';

/** While a payment is pending its state is asked this often, then less often after the first minutes. */
export const STATUS_POLL_MS = 2_000;
const SLOW_POLL_MS = 15_000;
const FAST_POLLS = 60;

/**
 * The state of the payment PhonePe sent the browser back for, asked again while it is pending. The
 * server asks PhonePe and credits; the page only reads. Once it is confirmed the balance, the ledger and
 * the lists are read again.
 */
export function usePaymentStatus(paymentId: string | null) {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: walletKeys.payment(paymentId ?? ''),
    queryFn: () => callApi(paymentContracts.getPaymentStatus, { payment_id: paymentId ?? '' }),
    enabled: paymentId !== null,
    retry: false,
    refetchInterval: (query) => {
      if (query.state.data?.state !== 'pending') return false;
      return query.state.dataUpdateCount < FAST_POLLS ? STATUS_POLL_MS : SLOW_POLL_MS;
    },
  });
  const state = status.data?.state;
  useEffect(() => {
    if (state === undefined || state === 'pending') return;
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    void queryClient.invalidateQueries({ queryKey: walletKeys.payments() });
    void queryClient.invalidateQueries({ queryKey: [...walletKeys.all, 'ledger'] });
  }, [state, queryClient]);
  return status;
}
