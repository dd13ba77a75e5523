import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { answerGroup } from './use-cases/group-answers';
import { addGroup } from './use-cases/group-settings';

export const addGroupRoute = defineRoute(groupsContracts.addGroup, async ({ body, principal }) => ({
  data: await answerGroup(principal, await addGroup(principal, body)),
  message: 'Group added',
}));
