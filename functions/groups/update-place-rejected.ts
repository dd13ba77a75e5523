import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { answerGroup } from './use-cases/group-answers';
import { changeGroupSettings } from './use-cases/group-settings';

export const updatePlaceRejectedRoute = defineRoute(groupsContracts.updatePlaceRejected, async ({ body, principal }) => ({
  data: await answerGroup(principal, await changeGroupSettings(principal, body.group_id, { place_rejected: body.place_rejected })),
  message: body.place_rejected ? "Children will trade even when the master's order is rejected" : "Children will not trade when the master's order is rejected",
}));
