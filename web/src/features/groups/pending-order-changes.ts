import type * as z from 'zod';
import { groupBrokerOrderRequestSchema, groupOrderContracts, groupUpdateOrderRequestSchema } from '@shared/contracts/groups';
import { directOrderContracts, updateOrderRequestSchema, type LinkedOrder, type Order } from '@shared/contracts/orders';
import { callApi } from '@/lib/api-client';
import { checkedRequest } from '@/lib/request-check';

/** An order of a group, as the pending lists show it. */
export type GroupLinkedOrder = Pick<LinkedOrder, 'order_id' | 'grp_id' | 'grp_broker_id'>;

/** The master's order is the user's own order on their account; a child's belongs to its place in the group. */
type OrderRole = 'master' | 'child';

export const roleOf = (order: Pick<LinkedOrder, 'grp_broker_id'>): OrderRole => (order.grp_broker_id === null ? 'master' : 'child');

interface OneOrderChangeCall {
  /** The contract's request schema, which the modify dialog checks before sending. */
  schema: z.ZodType;
  naming: (order: GroupLinkedOrder) => Record<string, string>;
  send: (body: unknown) => Promise<Order>;
}

/** How one pending order of a group is changed: a child's through the group's call, the master's directly. */
export const ONE_ORDER_CHANGES: Readonly<Record<OrderRole, OneOrderChangeCall>> = {
  child: {
    schema: groupBrokerOrderRequestSchema,
    naming: (order) => ({ order_id: order.order_id, group_id: order.grp_id ?? '', grp_broker_id: order.grp_broker_id ?? '' }),
    send: (body) => callApi(groupOrderContracts.updateGroupBrokerOrder, checkedRequest(groupBrokerOrderRequestSchema, body)),
  },
  master: {
    schema: updateOrderRequestSchema,
    naming: (order) => ({ order_id: order.order_id }),
    send: (body) => callApi(directOrderContracts.updateOrder, checkedRequest(updateOrderRequestSchema, body)),
  },
};

/** A whole group order: every pending order it placed changes at once, each account's outcome answered. */
export const WHOLE_ORDER_CHANGE = {
  schema: groupUpdateOrderRequestSchema,
  naming: (grpId: string, groupOrderId: string) => ({ group_id: grpId, group_order_id: groupOrderId }),
  send: (body: unknown) => callApi(groupOrderContracts.updateOrder, checkedRequest(groupUpdateOrderRequestSchema, body)),
};
