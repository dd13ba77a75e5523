import { useMutation } from '@tanstack/react-query';
import { ordermanagerContracts, type AddOrderGroupRequest } from '@shared/contracts/ordermanager';
import { useOrderGroupCache } from '@/entities/order-groups/api/order-group-cache';
import { callApi } from '@/lib/api-client';

/** Creates an order group with no positions (POST /ordermanager/addordergroup); it joins the end of the list. */
export function useAddOrderGroup() {
  const cache = useOrderGroupCache();
  return useMutation({
    mutationFn: (body: AddOrderGroupRequest) => callApi(ordermanagerContracts.addOrderGroup, body),
    onSuccess: cache.storeGroup,
  });
}
