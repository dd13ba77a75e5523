import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { listChildren } from './use-cases/group-children';

export const getGroupBrokersRoute = defineRoute(groupsContracts.getGroupBrokers, async ({ body, principal }) => ({
  data: await listChildren(principal, body.group_id),
  message: 'Group broker accounts fetched',
}));
