import { groupsContracts } from '../../shared/contracts/groups';
import { listGroups } from '../data/groups/group';
import { defineRoute } from '../platform/http/route';
import { answerGroups } from './use-cases/group-answers';

export const getGroupsRoute = defineRoute(groupsContracts.getGroups, async ({ principal }) => ({
  data: await answerGroups(principal, await listGroups(principal)),
  message: 'Groups fetched',
}));
