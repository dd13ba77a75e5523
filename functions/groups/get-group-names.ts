import { groupsContracts } from '../../shared/contracts/groups';
import { listGroups } from '../data/groups/group';
import { defineRoute } from '../platform/http/route';

export const getGroupNamesRoute = defineRoute(groupsContracts.getGroupNames, async ({ principal }) => ({
  data: (await listGroups(principal)).map((group) => ({ grp_id: group.grp_id, grp_name: group.grp_name })),
  message: 'Group names fetched',
}));
