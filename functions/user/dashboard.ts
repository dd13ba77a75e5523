import { userContracts } from '../../shared/contracts/user';
import { defineRoute } from '../platform/http/route';
import { buildDashboard } from './build-dashboard';

export const dashboardRoute = defineRoute(userContracts.dashboard, async ({ principal }) => {
  const dashboard = await buildDashboard(principal);
  return { data: dashboard, message: 'Dashboard fetched' };
});
