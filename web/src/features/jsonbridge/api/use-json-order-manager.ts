import { useQuery } from '@tanstack/react-query';
import { jsonbridgeContracts } from '@shared/contracts/jsonbridge';
import { liveRefreshInterval } from '@/entities/order-groups/live-polling';
import { callApi } from '@/lib/api-client';
import { jsonBridgeKeys } from './jsonbridge-keys';

/** The order group the bridge feeds, with its positions (POST /users/jsonbridge/getjsonordermanager), live like the order manager. */
export function useJsonOrderManager(id: string) {
  return useQuery({
    queryKey: jsonBridgeKeys.orderGroup(id),
    queryFn: () => callApi(jsonbridgeContracts.getJsonOrderManager, { json_bridge_id: id }),
    refetchInterval: (query) => {
      const group = query.state.data?.order_group;
      return liveRefreshInterval(group ? [group] : []);
    },
    refetchIntervalInBackground: false,
  });
}
