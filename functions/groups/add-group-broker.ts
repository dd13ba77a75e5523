import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { addChild } from './use-cases/group-children';

export const addGroupBrokerRoute = defineRoute(groupsContracts.addGroupBroker, async ({ body, principal }) => ({
  data: await addChild(principal, body.group_id, body.broker_id, { multiplier: body.multiplier, trading_enabled: body.trading_enabled }),
  message: 'Broker account added to the group',
}));
