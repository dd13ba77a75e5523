import { useMutation } from '@tanstack/react-query';
import { groupsContracts, type Group } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { useStoreGroup } from './group-cache';

export interface StrategySettings {
  group_id: string;
  is_strategy: boolean;
  visibility: Group['visibility'];
  strategy_description: string;
}

/** Offers a group as a group strategy or stops offering it (POST /users/groups/updatestrategy; broker panel only). */
export function useUpdateStrategy() {
  const storeGroup = useStoreGroup();
  return useMutation({
    mutationFn: (settings: StrategySettings) => callApi(groupsContracts.updateStrategy, settings),
    onSuccess: storeGroup,
  });
}
