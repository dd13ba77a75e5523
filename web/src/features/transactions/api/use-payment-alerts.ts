import { useInfiniteQuery } from '@tanstack/react-query';
import { paymentContracts } from '@shared/contracts/payments';
import { callApi } from '@/lib/api-client';
import { transactionsKeys } from './transactions-keys';

/** The franchise's payment alerts (refused PhonePe calls, amount mismatches …), newest first. */
export function usePaymentAlerts() {
  return useInfiniteQuery({
    queryKey: transactionsKeys.alerts(),
    queryFn: ({ pageParam }) => callApi(paymentContracts.getPaymentAlerts, { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}
