import { useQuery } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { callApi } from '@/lib/api-client';

/** P&L moves with the market: the figures are read again this often while the dashboard is open. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** The user's figures (GET /users/dashboard): today's P&L and margin per account, positions, orders, accounts, credit, unread. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.figures(),
    queryFn: () => callApi(userContracts.dashboard, {}),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
