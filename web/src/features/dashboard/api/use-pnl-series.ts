import { useQuery } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { callApi } from '@/lib/api-client';

/** The line gains a point a minute; reading it once a minute keeps it current. */
export const PNL_SERIES_REFRESH_MS = 60_000;

/** Today's P&L through the day (POST /users/getdashboardpnl), of every account or of one. */
export function usePnlSeries(brokerId: string | null) {
  return useQuery({
    queryKey: dashboardKeys.pnlSeries(brokerId),
    queryFn: () => callApi(userContracts.getDashboardPnl, brokerId === null ? {} : { broker_id: brokerId }),
    refetchInterval: PNL_SERIES_REFRESH_MS,
  });
}
