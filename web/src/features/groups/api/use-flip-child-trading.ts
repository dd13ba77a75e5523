import { useMutation } from '@tanstack/react-query';
import { groupsContracts, type GroupBroker } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { useStoreChild } from './group-cache';

/** Whether one child takes part in the group's orders (POST /users/groups/updatechildtradingflag). */
export function useFlipChildTrading() {
  const storeChild = useStoreChild();
  return useMutation({
    mutationFn: ({ child, on }: { child: GroupBroker; on: boolean }) =>
      callApi(groupsContracts.updateChildTradingFlag, { group_id: child.grp_id, grp_broker_id: child.grp_broker_id, trading_enabled: on }),
    onSuccess: storeChild,
  });
}
