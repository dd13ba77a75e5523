import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { changeChild } from './use-cases/group-children';

export const updateGroupBrokerRoute = defineRoute(groupsContracts.updateGroupBroker, async ({ body, principal }) => ({
  data: await changeChild(principal, body.group_id, body.grp_broker_id, { multiplier: body.multiplier }),
  message: 'Multiplier saved',
}));
