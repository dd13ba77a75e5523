import { strategyPermissionContracts } from '../../shared/contracts/strategy-permissions';
import { listPermittableUsers } from '../group-strategies/strategy-permissions';
import { defineRoute } from '../platform/http/route';

export const getSubUserEmailsRoute = defineRoute(strategyPermissionContracts.getSubUserEmails, async ({ body, principal }) => ({
  data: await listPermittableUsers(principal, body),
  message: 'Users fetched',
}));
