import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { answerGroup } from './use-cases/group-answers';
import { changeGroupSettings } from './use-cases/group-settings';

export const updateGroupTradingFlagRoute = defineRoute(groupsContracts.updateGroupTradingFlag, async ({ body, principal }) => ({
  data: await answerGroup(principal, await changeGroupSettings(principal, body.group_id, { trading_enabled: body.trading_enabled })),
  message: body.trading_enabled ? 'Group trading turned on' : 'Group trading turned off',
}));
