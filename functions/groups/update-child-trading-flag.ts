import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { changeChild } from './use-cases/group-children';

export const updateChildTradingFlagRoute = defineRoute(groupsContracts.updateChildTradingFlag, async ({ body, principal }) => ({
  data: await changeChild(principal, body.group_id, body.grp_broker_id, { trading_enabled: body.trading_enabled }),
  message: body.trading_enabled ? 'Trading turned on for this account' : 'Trading turned off for this account',
}));
