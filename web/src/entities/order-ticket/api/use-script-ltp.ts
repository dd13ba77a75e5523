import { useQuery } from '@tanstack/react-query';
import { scriptsContracts } from '@shared/contracts/scripts';
import { callApi } from '@/lib/api-client';
import { tradingKeys } from './trading-keys';

/** A script's last traded price (POST /scripts/getltp), to prefill and guide the ticket's price. */
export function useScriptLtp(scriptId: string) {
  return useQuery({
    queryKey: tradingKeys.ltp(scriptId),
    queryFn: () => callApi(scriptsContracts.getLtp, { script_id: scriptId }),
    staleTime: 5_000,
  });
}
