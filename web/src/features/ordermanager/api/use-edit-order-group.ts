import { useMutation } from '@tanstack/react-query';
import { ordermanagerContracts, type EditOrderGroupRequest } from '@shared/contracts/ordermanager';
import { useOrderGroupCache } from '@/entities/order-groups/api/order-group-cache';
import { callApi } from '@/lib/api-client';

/** Changes the named settings of an order group (POST /ordermanager/editordergroup). */
export function useEditOrderGroup() {
  const cache = useOrderGroupCache();
  return useMutation({
    mutationFn: (body: EditOrderGroupRequest) => callApi(ordermanagerContracts.editOrderGroup, body),
    onSuccess: cache.storeGroup,
  });
}
