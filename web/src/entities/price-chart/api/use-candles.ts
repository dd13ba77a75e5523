import { useQuery } from '@tanstack/react-query';
import { scriptsContracts } from '@shared/contracts/scripts';
import { callApi } from '@/lib/api-client';
import type { CandleTimeframe } from '../chart-data';
import { chartKeys } from './chart-keys';

/** How often an open chart reads its candles again (the forming candle moves every second on the feed). */
export const CANDLES_REFRESH_MS = 10_000;

/** Today's candles of a script (POST /scripts/getcandles), or the last day that traded. */
export function useCandles(scriptId: string, timeframe: CandleTimeframe) {
  return useQuery({
    queryKey: chartKeys.candles(scriptId, timeframe),
    queryFn: () => callApi(scriptsContracts.getCandles, { script_id: scriptId, timeframe }),
    refetchInterval: CANDLES_REFRESH_MS,
    placeholderData: (previous) => (previous?.script_id === scriptId ? previous : undefined),
  });
}
