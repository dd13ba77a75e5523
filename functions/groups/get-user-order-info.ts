import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { orderInfo } from './use-cases/order-info';

export const getUserOrderInfoRoute = defineRoute(groupsContracts.getUserOrderInfo, async ({ body, principal }) => ({
  data: await orderInfo(principal, body.group_id),
  message: 'Group order info fetched',
}));
