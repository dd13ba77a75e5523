import { groupOrderContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { readGroupPositions } from './use-cases/group-positions';

export const getGroupPositionsRoute = defineRoute(groupOrderContracts.getPositions, async ({ body, principal, scope }) => ({
  data: await readGroupPositions(principal, body.group_id, scope.log),
  message: 'Group positions fetched',
}));
