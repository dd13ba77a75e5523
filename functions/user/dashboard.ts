import { userContracts } from '../../shared/contracts/user';
import { defineRoute } from '../platform/http/route';
import { buildDashboard } from './build-dashboard';

export const dashboardRoute = defineRoute(userContracts.dashboard, async ({ principal, scope }) => {
  const dashboard = await buildDashboard(principal, scope.log);
  return { data: dashboard, message: 'Dashboard fetched' };
});
