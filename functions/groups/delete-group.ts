import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { deleteGroup } from './use-cases/group-deletion';

export const deleteGroupRoute = defineRoute(groupsContracts.deleteGroup, async ({ body, principal }) => {
  await deleteGroup(principal, body.group_id);
  return { data: { grp_id: body.group_id }, message: 'Group deleted' };
});
