import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { answerGroup } from './use-cases/group-answers';
import { changeGroupSettings } from './use-cases/group-settings';

export const updateGroupNameRoute = defineRoute(groupsContracts.updateGroupName, async ({ body, principal }) => ({
  data: await answerGroup(principal, await changeGroupSettings(principal, body.group_id, { grp_name: body.grp_name })),
  message: 'Group renamed',
}));
