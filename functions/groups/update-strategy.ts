import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { answerGroup } from './use-cases/group-answers';
import { changeStrategySettings } from './use-cases/group-settings';

export const updateStrategyRoute = defineRoute(groupsContracts.updateStrategy, async ({ body, principal }) => {
  const { group_id: grpId, ...settings } = body;
  return { data: await answerGroup(principal, await changeStrategySettings(principal, grpId, settings)), message: 'Strategy settings saved' };
});
