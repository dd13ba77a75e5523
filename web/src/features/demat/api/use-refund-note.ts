import { useQuery } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';

/** What removing the account would refund (POST /users/broker/getdeleterefundnote); always asked afresh. */
export function useRefundNote(brokerId: string) {
  return useQuery({
    queryKey: dematKeys.refundNote(brokerId),
    queryFn: () => callApi(brokerContracts.getDeleteRefundNote, { broker_id: brokerId }),
    staleTime: 0,
    gcTime: 0,
  });
}
