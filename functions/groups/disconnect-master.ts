import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { answerGroup } from './use-cases/group-answers';
import { disconnectMaster } from './use-cases/group-master';

export const disconnectMasterRoute = defineRoute(groupsContracts.disconnectMaster, async ({ body, principal }) => ({
  data: await answerGroup(principal, await disconnectMaster(principal, body.group_id)),
  message: 'Master disconnected',
}));
