import type * as z from 'zod';
import type { AccountBookOrder } from '@shared/contracts/broker-trading';
import {
  directOrderContracts,
  orderSchema,
  updateBrokerOrderRequestSchema,
  updateOrderRequestSchema,
} from '@shared/contracts/orders';
import { callApi } from '@/lib/api-client';
import { checkedRequest } from '@/lib/request-check';

type ChangedOrder = z.output<typeof orderSchema>;

/** A book row is named by the platform's order id when it carries one of its tags, else by the broker's id in the account. */
type RowNaming = 'byOrderId' | 'byBrokerOrderId';

interface OrderChangeCall {
  /** The contract's request schema, which the modify dialog validates with before sending. */
  schema: z.ZodType;
  naming: (brokerId: string, row: AccountBookOrder) => Record<string, string>;
  send: (body: unknown) => Promise<ChangedOrder>;
}

const ORDER_CHANGE_CALLS: Readonly<Record<RowNaming, OrderChangeCall>> = {
  byOrderId: {
    schema: updateOrderRequestSchema,
    naming: (_brokerId, row) => ({ order_id: row.order_id ?? '' }),
    send: (body) => callApi(directOrderContracts.updateOrder, checkedRequest(updateOrderRequestSchema, body)),
  },
  byBrokerOrderId: {
    schema: updateBrokerOrderRequestSchema,
    naming: (brokerId, row) => ({ broker_id: brokerId, broker_order_id: row.broker_order_id }),
    send: (body) => callApi(directOrderContracts.updateBrokerOrder, checkedRequest(updateBrokerOrderRequestSchema, body)),
  },
};

/** The call that changes this row: updateorder when the platform knows the order, updatebrokerorder otherwise. */
export function orderChangeCallOf(row: AccountBookOrder): OrderChangeCall {
  return ORDER_CHANGE_CALLS[row.order_id === null ? 'byBrokerOrderId' : 'byOrderId'];
}
