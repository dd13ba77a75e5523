import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { removeChild } from './use-cases/group-children';

export const removeGroupBrokerRoute = defineRoute(groupsContracts.removeGroupBroker, async ({ body, principal }) => ({
  data: await removeChild(principal, body.group_id, body.grp_broker_id),
  message: 'Broker account removed from the group',
}));
