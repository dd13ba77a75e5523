import { useMutation } from '@tanstack/react-query';
import { ordermanagerContracts } from '@shared/contracts/ordermanager';
import { callApi } from '@/lib/api-client';
import { useOrderGroupCache } from './order-group-cache';

/** Deletes a position that is not OPEN (POST /ordermanager/deleteposition). */
export function useDeletePosition() {
  const cache = useOrderGroupCache();
  return useMutation({
    mutationFn: (position: { og_id: string; op_id: string }) => callApi(ordermanagerContracts.deletePosition, { og_id: position.og_id, op_id: position.op_id }),
    onSuccess: ({ og_id: ogId, op_id: opId }) => cache.dropPosition(ogId, opId),
  });
}
