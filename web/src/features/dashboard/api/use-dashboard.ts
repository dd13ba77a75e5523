import { useQuery } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { callApi } from '@/lib/api-client';

/** The user's figures (GET /users/dashboard): accounts and today's orders by status, positions, credit, unread. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.figures(),
    queryFn: () => callApi(userContracts.dashboard, {}),
  });
}
