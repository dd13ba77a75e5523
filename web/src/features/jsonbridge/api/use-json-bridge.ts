import { useQuery } from '@tanstack/react-query';
import { jsonbridgeContracts } from '@shared/contracts/jsonbridge';
import { callApi } from '@/lib/api-client';
import { jsonBridgeKeys } from './jsonbridge-keys';

/** One bridge (POST /users/jsonbridge/getjsonbridgebyid). */
export function useJsonBridge(id: string) {
  return useQuery({
    queryKey: jsonBridgeKeys.detail(id),
    queryFn: () => callApi(jsonbridgeContracts.getJsonBridgeById, { json_bridge_id: id }),
  });
}
