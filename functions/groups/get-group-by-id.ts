import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { answerGroup } from './use-cases/group-answers';
import { loadOwnedGroup } from './use-cases/owned-group';

export const getGroupByIdRoute = defineRoute(groupsContracts.getGroupById, async ({ body, principal }) => ({
  data: await answerGroup(principal, await loadOwnedGroup(principal, body.group_id)),
  message: 'Group fetched',
}));
