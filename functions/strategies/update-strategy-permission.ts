import { strategyPermissionContracts } from '../../shared/contracts/strategy-permissions';
import { changeStrategyPermissions } from '../group-strategies/strategy-permissions';
import { defineRoute } from '../platform/http/route';

export const updateStrategyPermissionRoute = defineRoute(strategyPermissionContracts.updateStrategyPermission, async ({ body, principal }) => ({
  data: await changeStrategyPermissions(principal, body),
  message: body.allowed ? 'Permission granted' : 'Permission revoked',
}));
