import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { answerGroup } from './use-cases/group-answers';
import { connectMaster } from './use-cases/group-master';

export const connectMasterRoute = defineRoute(groupsContracts.connectMaster, async ({ body, principal }) => ({
  data: await answerGroup(principal, await connectMaster(principal, body.group_id, body.broker_id)),
  message: 'Master connected',
}));
