import { useMutation } from '@tanstack/react-query';
import { ordermanagerContracts } from '@shared/contracts/ordermanager';
import { useOrderGroupCache } from '@/entities/order-groups/api/order-group-cache';
import { callApi } from '@/lib/api-client';

/** Deletes an order group and its positions (POST /ordermanager/deleteordergroup); refused while any position is OPEN. */
export function useDeleteOrderGroup() {
  const cache = useOrderGroupCache();
  return useMutation({
    mutationFn: (ogId: string) => callApi(ordermanagerContracts.deleteOrderGroup, { og_id: ogId }),
    onSuccess: ({ og_id: ogId }) => cache.dropGroup(ogId),
  });
}
