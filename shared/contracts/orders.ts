import * as z from 'zod';
import { idempotencyKeyField } from './fields';
import { actionSchema, exchangeSchema, orderOriginSchema, orderTypeSchema, productSchema } from '../domain/ranges';
import { ORDER_SUBMISSION_STATES, orderActionSchema, orderStatusSchema } from '../domain/states';
import { brokerKindSchema } from './broker';
import { defineCall } from './define-call';
import { cursorPage, cursorPageRequest, payloadDateSchema } from './paging';
import { scriptIdField } from './scripts';
import { watchlistIdField } from './watchlist';

/**
 * The order path's calls (spec §7): the `broker` group's direct calls (place, change, square off),
 * the `user` group's order history and details, and the watch list's place-order.
 *
 * Quantities are units (for F&O: lots × lot size, so a multiple of the lot size). An order answers
 * `status` (spec §4: pending | completed | cancelled | rejected | failed) and `submission`, how far
 * the platform got in sending it (DESIGN.md §5: SUBMITTING → SUBMITTED | REJECTED | UNKNOWN).
 */
const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const orderAccountIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid broker account id.');
export const orderIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid order id.');
export const brokerOrderIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Enter the broker's order id (letters, digits, _ or -).");
/** Copy trading's ids (groups.ts re-exports them): defined here because order history filters by them too. */
export const groupIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid group id.');
export const groupOrderIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid group order id.');
export const orderIdempotencyKeyField = idempotencyKeyField;

const quantityField = z
  .number()
  .int('Quantity must be a whole number.')
  .positive('Quantity must be above 0.')
  .max(10_000_000, 'Quantity is too large.');
const priceField = (label: string) => z.number().positive(`${label} must be above 0.`).max(100_000_000, `${label} is too large.`);

/** Spec §5: the quantity input is labelled 'Quantity' for equities and 'Order Lot' otherwise. */
export const QUANTITY_LABELS = ['Quantity', 'Order Lot'] as const;
export type QuantityLabel = (typeof QUANTITY_LABELS)[number];
const EQUITY_KINDS: readonly string[] = ['NSE', 'BSE', 'EQUITY', 'EQ'];

/** The label for an exchange (NSE…), a trigger script type (EQUITY…) or a script type (EQ…). */
export function quantityLabelOf(kind: string): QuantityLabel {
  return EQUITY_KINDS.includes(kind.trim().toUpperCase()) ? 'Quantity' : 'Order Lot';
}

export const orderSubmissionSchema = z.enum(ORDER_SUBMISSION_STATES);

export const orderSchema = z.object({
  order_id: z.string(),
  /** The caller's broker account the order went to. */
  broker_id: z.string(),
  broker: brokerKindSchema,
  origin: orderOriginSchema,
  script_id: z.string(),
  exchange: exchangeSchema,
  trading_symbol: z.string(),
  lot_size: z.number().int(),
  transaction_type: actionSchema,
  order_type: orderTypeSchema,
  product: productSchema,
  quantity: z.number().int(),
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
  status: orderStatusSchema,
  submission: orderSubmissionSchema,
  /** Set once the broker accepted the order. */
  broker_order_id: z.string().nullable(),
  /** The client tag the order carries at the broker (≤ 20 letters or digits). */
  tag: z.string(),
  /** Why the order was rejected or failed (the broker's own words when it gave any). */
  reason: z.string().nullable(),
  filled_quantity: z.number(),
  average_price: z.number().nullable(),
  create_time: z.string(),
  update_time: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * An order with its copy-trading link: the group it belongs to, the child account of the group (null
 * for the master's order) and the group order that placed it (null for a square-off); all null on an
 * order that is not a group's.
 */
export const orderGroupLinkFields = {
  grp_id: z.string().nullable(),
  grp_broker_id: z.string().nullable(),
  group_order_id: z.string().nullable(),
  /** A strategy subscriber's copy: the strategy's name (the subscriber does not own the group); null otherwise. */
  strategy_name: z.string().nullable().default(null),
};
export const linkedOrderSchema = orderSchema.extend(orderGroupLinkFields);
export type LinkedOrder = z.infer<typeof linkedOrderSchema>;

/** One step of an order's life: what it became, when, and why. */
export const orderEventSchema = z.object({
  at: z.string(),
  status: orderStatusSchema,
  submission: orderSubmissionSchema,
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderDetailsSchema = orderSchema.extend({ timeline: z.array(orderEventSchema) });
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

/** What a new order asks for, named by the caller's account and a script of the instrument master. */
const orderTicketFields = {
  broker_id: orderAccountIdField,
  transaction_type: actionSchema,
  order_type: orderTypeSchema,
  product: productSchema,
  quantity: quantityField,
  /** LIMIT and SL: the limit price, on the script's tick. Ignored for MARKET. */
  price: priceField('Price').nullish(),
  /** SL: the trigger price, on the script's tick. */
  trigger_price: priceField('Trigger price').nullish(),
  /** Chosen by the client per order: a retried request with the same key answers the first order. */
  idempotency_key: orderIdempotencyKeyField,
};

export const placeOrderRequestSchema = z.strictObject({ ...orderTicketFields, script_id: scriptIdField });
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

/** The watch list's ticket: the script comes from an entry of the caller's list, or by its id. */
export const watchlistPlaceOrderRequestSchema = z
  .strictObject({ ...orderTicketFields, watchlist_id: watchlistIdField.optional(), script_id: scriptIdField.optional() })
  .refine((body) => (body.watchlist_id === undefined) !== (body.script_id === undefined), {
    message: 'Name the script by watchlist_id or by script_id (one of them).',
    path: ['script_id'],
  });
export type WatchlistPlaceOrderRequest = z.infer<typeof watchlistPlaceOrderRequestSchema>;

/** A change to a pending order: `modify` takes at least one of the optional fields. */
const orderChangeFields = {
  action: orderActionSchema,
  order_type: orderTypeSchema.optional(),
  quantity: quantityField.optional(),
  price: priceField('Price').nullish(),
  trigger_price: priceField('Trigger price').nullish(),
};

export const updateOrderRequestSchema = z.strictObject({ order_id: orderIdField, ...orderChangeFields });
export type UpdateOrderRequest = z.infer<typeof updateOrderRequestSchema>;

export const updateBrokerOrderRequestSchema = z.strictObject({
  broker_id: orderAccountIdField,
  broker_order_id: brokerOrderIdField,
  ...orderChangeFields,
});
export type UpdateBrokerOrderRequest = z.infer<typeof updateBrokerOrderRequestSchema>;

export const placedOrderSchema = z.object({ order: orderSchema, replayed: z.boolean() });
export const squaredOffSchema = z.object({ orders: z.array(orderSchema) });

/** History filters (spec §9: without dates, the last 30 days), newest first, cursor paging. */
export const orderHistoryRequestSchema = z.strictObject({
  ...cursorPageRequest,
  from_date: payloadDateSchema.optional(),
  to_date: payloadDateSchema.optional(),
  status: orderStatusSchema.optional(),
  origin: orderOriginSchema.optional(),
  broker_id: orderAccountIdField.optional(),
  /** Part of the trading symbol (NIFTY, SBIN…). */
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9&.-]{1,40}$/, 'Symbol may hold letters, digits, &, . and - only.')
    .optional(),
});
export type OrderHistoryRequest = z.infer<typeof orderHistoryRequestSchema>;

/** Group history also narrows to one group (`/orderhistory/grouporder/broker/{group_id}`) or one group order. */
export const groupOrderHistoryRequestSchema = orderHistoryRequestSchema.extend({
  group_id: groupIdField.optional(),
  group_order_id: groupOrderIdField.optional(),
});
export type GroupOrderHistoryRequest = z.infer<typeof groupOrderHistoryRequestSchema>;

export const directOrderContracts = {
  placeOrder: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/direct/placeorder',
    role: 'user',
    summary:
      "Places an order on one of the caller's connected accounts (trading flag on). The order is recorded first, then sent; the answer is the order (status rejected or failed with the reason when the broker refused or it could not be sent). A retried idempotency key answers the first order.",
    request: placeOrderRequestSchema,
    response: placedOrderSchema,
    activity: 'Placed an order',
  }),
  updateOrder: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/direct/updateorder',
    role: 'user',
    summary: 'Cancels, modifies or converts to MARKET one of the caller\'s pending orders, named by its order_id.',
    request: updateOrderRequestSchema,
    response: orderSchema,
    activity: 'Changed an order',
  }),
  updateBrokerOrder: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/direct/updatebrokerorder',
    role: 'user',
    summary: "As updateorder, with the order named by the broker's order id within one of the caller's accounts.",
    request: updateBrokerOrderRequestSchema,
    response: orderSchema,
    activity: 'Changed a broker order',
  }),
  squareOff: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/direct/squareoff',
    role: 'user',
    summary: 'Closes the net position of one script and product on the account with an opposite MARKET order.',
    request: z.strictObject({ broker_id: orderAccountIdField, script_id: scriptIdField, product: productSchema }),
    response: squaredOffSchema,
    activity: 'Squared off a position',
  }),
  squareOffAll: defineCall({
    group: 'broker',
    method: 'POST',
    path: '/users/broker/direct/squareoffall',
    role: 'user',
    summary: 'Closes every open position of the account, one opposite MARKET order each.',
    request: z.strictObject({ broker_id: orderAccountIdField }),
    response: squaredOffSchema,
    activity: 'Squared off all positions',
  }),
} as const;

export const orderHistoryContracts = {
  getIndividualOrderHistory: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/getindividualorderhistory',
    role: 'user',
    summary: "The caller's own orders (every origin but copy trading), newest first; statuses are refreshed from the broker.",
    request: orderHistoryRequestSchema,
    response: cursorPage(orderSchema),
  }),
  getGroupOrderHistory: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/getgrouporderhistory',
    role: 'user',
    summary:
      "The caller's copy-trading (group) orders, newest first, with the same filters, of every group or one group (`group_id`) or one group order (`group_order_id`); each order names its group, child and group order, so the rows break down per child.",
    request: groupOrderHistoryRequestSchema,
    response: cursorPage(linkedOrderSchema),
  }),
  getUserOrders: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/getuserorders',
    role: 'user',
    summary: "All of the caller's orders, newest first, with the history filters.",
    request: orderHistoryRequestSchema,
    response: cursorPage(orderSchema),
  }),
  getOrderDetails: defineCall({
    group: 'user',
    method: 'POST',
    path: '/users/getorderdetails',
    role: 'user',
    summary: "One of the caller's orders with its status timeline and the broker's reason.",
    request: z.strictObject({ order_id: orderIdField }),
    response: orderDetailsSchema,
  }),
} as const;

export const watchlistOrderContracts = {
  placeOrder: defineCall({
    group: 'watchlist',
    method: 'POST',
    path: '/users/watchlist/placeorder',
    role: 'user',
    summary: 'Places a manual order for a script of the watch list (by watchlist_id) or any script (by script_id), as direct placeorder.',
    request: watchlistPlaceOrderRequestSchema,
    response: placedOrderSchema,
    activity: 'Placed an order from the watch list',
  }),
} as const;
