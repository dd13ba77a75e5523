import { useQuery } from '@tanstack/react-query';
import { jsonbridgeContracts } from '@shared/contracts/jsonbridge';
import { callApi } from '@/lib/api-client';
import { jsonBridgeKeys } from './jsonbridge-keys';

/** The user's JSON bridges, oldest first, without keys (GET /users/jsonbridge/getjsonbridges). */
export function useJsonBridges() {
  return useQuery({
    queryKey: jsonBridgeKeys.list(),
    queryFn: () => callApi(jsonbridgeContracts.getJsonBridges, {}),
  });
}
