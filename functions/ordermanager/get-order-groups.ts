import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { defineRoute } from '../platform/http/route';
import { toOrderGroup } from './order-manager-view';
import { listOrderGroupsWithPositions } from './order-groups';

export const getOrderGroupsRoute = defineRoute(ordermanagerContracts.getOrderGroups, async ({ principal }) => ({
  data: (await listOrderGroupsWithPositions(principal)).map(({ group, positions }) => toOrderGroup(group, positions)),
  message: 'Order groups fetched',
}));
