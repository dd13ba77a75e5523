import { useQuery } from '@tanstack/react-query';
import { ordermanagerContracts } from '@shared/contracts/ordermanager';
import { callApi } from '@/lib/api-client';
import { liveRefreshInterval } from '../live-polling';
import { orderManagerKeys } from './ordermanager-keys';

/**
 * The user's order groups with their positions (GET /ordermanager/getordergroups), read again every
 * 2 s while any position is OPEN or WAITING, so P&L and entries show live; idle otherwise.
 */
export function useOrderGroups() {
  return useQuery({
    queryKey: orderManagerKeys.groups(),
    queryFn: () => callApi(ordermanagerContracts.getOrderGroups, {}),
    refetchInterval: (query) => liveRefreshInterval(query.state.data),
    refetchIntervalInBackground: false,
  });
}
