import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { now } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { pricesOfPositions } from './monitor/script-prices';
import { toOrderGroup } from './order-manager-view';
import { listOrderGroupsWithPositions } from './order-groups';

export const getOrderGroupsRoute = defineRoute(ordermanagerContracts.getOrderGroups, async ({ principal }) => {
  const groups = await listOrderGroupsWithPositions(principal);
  // One price per distinct script for the whole answer: positions' `ltp` and live P&L.
  const prices = await pricesOfPositions(groups.flatMap(({ positions }) => positions), now());
  return { data: groups.map(({ group, positions }) => toOrderGroup(group, positions, prices)), message: 'Order groups fetched' };
});
