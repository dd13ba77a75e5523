import * as z from 'zod';
import { isValidMultiplier, MAX_MULTIPLIER, MIN_MULTIPLIER, MULTIPLIER_DECIMALS } from '../domain/group-quantities';
import { actionSchema, exchangeSchema, orderOriginSchema, orderTypeSchema, productSchema, visibilitySchema } from '../domain/ranges';
import { brokerStatusSchema, orderStatusSchema, type OrderStatus } from '../domain/states';
import { brokerKindSchema } from './broker';
import { accountPositionSchema, accountPositionsSchema } from './broker-trading';
import { defineCall } from './define-call';
import { nameField } from './fields';
import {
  groupIdField,
  groupOrderIdField,
  linkedOrderSchema,
  orderAccountIdField,
  placeOrderRequestSchema,
  updateOrderRequestSchema,
} from './orders';
import { cursorPage, cursorPageRequest } from './paging';

/**
 * Route group `groups` (spec §7 "Groups", `/users/groups/*` and `/users/broker/group/*`): copy trading.
 * A group (`grp_id`, `grp_name`) has child accounts (`grp_broker_id`: one of the caller's broker
 * accounts with a quantity multiplier and its own trading flag) and optionally a master account whose
 * orders are mirrored to the children. Requests name a group by `group_id` (spec §7) and a child by
 * `group_id` + `grp_broker_id`; both are ULIDs in the caller's own partition, so another user's id is
 * simply not found (404).
 *
 * The counters of spec §3 sit on the group: `group_broker_count` moves with its children, the order
 * counters with the group's orders (in the same transaction as each order write; counted per child
 * and summed when read), and `strategy_subscriptions_count` / `sub_user_count` with the strategies issue.
 */
export const MAX_GROUP_CHILDREN = 50;
export const GROUP_NOT_FOUND_MESSAGE = 'Group not found';
export const GROUP_BROKER_NOT_FOUND_MESSAGE = 'Group broker account not found';
export const ALREADY_IN_GROUP_MESSAGE = 'This broker account is already in the group.';
export const GROUP_FULL_MESSAGE = `A group holds at most ${MAX_GROUP_CHILDREN} broker accounts.`;
export const MASTER_CANNOT_BE_CHILD_MESSAGE = "This broker account is the group's master; it cannot also be a child.";
export const CHILD_CANNOT_BE_MASTER_MESSAGE = 'This broker account is a child of the group; remove it from the group before making it the master.';
export const ACCOUNT_NOT_CONNECTED_MESSAGE = 'Only a connected broker account can join a group. Connect it first.';
export const GROUP_HAS_PENDING_ORDERS_MESSAGE = 'This group has pending orders. Cancel them or wait until they complete, then delete the group.';
export const GROUP_CHANGED_MESSAGE = 'The group changed meanwhile. Please try again.';

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export { groupIdField, groupOrderIdField };
export const groupBrokerIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid group broker id.');
export const groupNameField = nameField('Group name');

const MULTIPLIER_MESSAGE = `The multiplier must be ${MIN_MULTIPLIER}–${MAX_MULTIPLIER} with at most ${MULTIPLIER_DECIMALS} decimals (e.g. 0.5, 1, 3).`;
/** A child's quantity multiplier: 0.5 trades half the master's quantity, 3 three times it (rounded down, `shared/domain/group-quantities.ts`). */
export const multiplierField = z.number(MULTIPLIER_MESSAGE).refine(isValidMultiplier, MULTIPLIER_MESSAGE);

const count = z.number().int().min(0);

/** The order counters: orders and quantities of the group's child orders, by the orders' status (spec §3, §4). */
export const groupOrderCountersSchema = z.object({
  total_orders: count,
  total_quantity: count,
  completed_quantity: count,
  failed_quantity: count,
  rejected_quantity: count,
  /** Quantity of child orders still pending: above 0 exactly while the group has a pending order. */
  pending_quantity: count,
  cancelled_quantity: count,
});
export type GroupOrderCounters = z.infer<typeof groupOrderCountersSchema>;
export type GroupOrderCounter = keyof GroupOrderCounters;
export const GROUP_ORDER_COUNTERS = groupOrderCountersSchema.keyof().options;

/** Every counter of spec §3; a new group starts with all of them at zero (spec §4). */
export const groupCountersSchema = groupOrderCountersSchema.extend({
  group_broker_count: count,
  strategy_subscriptions_count: count,
  sub_user_count: count,
});
export type GroupCounters = z.infer<typeof groupCountersSchema>;
export const GROUP_COUNTERS = groupCountersSchema.keyof().options;

/** Which quantity counter holds an order in each status. */
export const STATUS_QUANTITY_COUNTER: Readonly<Record<OrderStatus, GroupOrderCounter>> = {
  pending: 'pending_quantity',
  completed: 'completed_quantity',
  cancelled: 'cancelled_quantity',
  rejected: 'rejected_quantity',
  failed: 'failed_quantity',
};

/** A broker account as a group shows it (its status read live: an account may expire or be removed after joining). */
export const groupAccountSchema = z.object({
  broker_id: z.string(),
  broker: brokerKindSchema,
  broker_combined_name: z.string(),
  status: brokerStatusSchema,
});

export const groupMasterSchema = groupAccountSchema.extend({ connected_at: z.string() });

export const groupSchema = z.object({
  grp_id: z.string(),
  grp_name: z.string(),
  /** Whether the group places orders at all (children still need their own flag on). */
  trading_enabled: z.boolean(),
  /** Whether children still trade when the master's order is rejected (`updateplacerejected`). */
  place_rejected: z.boolean(),
  master: groupMasterSchema.nullable(),
  /** Strategy settings (`updatestrategy`): a broker panel offers the group to sub-users as a group strategy. */
  is_strategy: z.boolean(),
  visibility: visibilitySchema,
  strategy_description: z.string(),
  ...groupCountersSchema.shape,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupNameSchema = groupSchema.pick({ grp_id: true, grp_name: true });

/** A child account of a group (spec §3 "Group broker"). */
export const groupBrokerSchema = groupAccountSchema.extend({
  grp_broker_id: z.string(),
  grp_id: z.string(),
  multiplier: z.number(),
  /** Whether this child takes part in the group's orders. */
  trading_enabled: z.boolean(),
  /** A group strategy's subscriber account: whose it is and until when it copies (both null for the owner's own accounts). */
  subscriber_user_id: z.number().int().nullable().default(null),
  subscription_until: z.string().nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupBroker = z.infer<typeof groupBrokerSchema>;

/** `getuserorderinfo`: the order counters of one group, or summed over all the caller's groups. */
export const groupOrderInfoSchema = groupOrderCountersSchema.extend({
  grp_id: z.string().nullable(),
  group_count: count,
});
export type GroupOrderInfo = z.infer<typeof groupOrderInfoSchema>;

const byGroup = z.strictObject({ group_id: groupIdField });
const byChild = { group_id: groupIdField, grp_broker_id: groupBrokerIdField };

export const addGroupRequestSchema = z.strictObject({
  grp_name: groupNameField,
  /** Off until the user turns it on, like a new broker account's trading flag. */
  trading_enabled: z.boolean().default(false),
  place_rejected: z.boolean().default(false),
});

export const addGroupBrokerRequestSchema = z.strictObject({
  group_id: groupIdField,
  broker_id: orderAccountIdField,
  multiplier: multiplierField.default(1),
  /** On by default: the group's own flag is the switch that starts trading. */
  trading_enabled: z.boolean().default(true),
});

export const updateStrategyRequestSchema = z.strictObject({
  group_id: groupIdField,
  is_strategy: z.boolean(),
  visibility: visibilitySchema.default('PRIVATE'),
  strategy_description: z.string().trim().max(500, 'The description must be at most 500 characters.').default(''),
});

export const groupsContracts = {
  addGroup: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/addgroup',
    role: 'user',
    summary: 'Creates a group: no children, no master, every counter at zero, trading off unless asked.',
    request: addGroupRequestSchema,
    response: groupSchema,
    activity: 'Added a group',
  }),
  updateGroupTradingFlag: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/updategrouptradingflag',
    role: 'user',
    summary: 'Whether the group places orders on its children.',
    request: z.strictObject({ group_id: groupIdField, trading_enabled: z.boolean() }),
    response: groupSchema,
    activity: 'Changed group trading flag',
  }),
  updatePlaceRejected: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/updateplacerejected',
    role: 'user',
    summary: "Whether the children still trade when the master's order is rejected.",
    request: z.strictObject({ group_id: groupIdField, place_rejected: z.boolean() }),
    response: groupSchema,
    activity: 'Changed group rejected-order setting',
  }),
  connectMaster: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/connectmaster',
    role: 'user',
    summary:
      "Makes one of the caller's connected accounts the group's master (replacing any previous master); its orders are then mirrored to the children. A child of the group cannot be its master (422).",
    request: z.strictObject({ group_id: groupIdField, broker_id: orderAccountIdField }),
    response: groupSchema,
    activity: 'Connected group master',
  }),
  disconnectMaster: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/disconnectmaster',
    role: 'user',
    summary: "Stops mirroring: the group has no master afterwards (already none is not an error).",
    request: byGroup,
    response: groupSchema,
    activity: 'Disconnected group master',
  }),
  updateGroupName: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/updategroupname',
    role: 'user',
    summary: 'Renames the group.',
    request: z.strictObject({ group_id: groupIdField, grp_name: groupNameField }),
    response: groupSchema,
    activity: 'Renamed a group',
  }),
  deleteGroup: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/deletegroup',
    role: 'user',
    summary: 'Deletes the group and its children (the broker accounts themselves stay). Refused with 422 while any child order of the group is pending.',
    request: byGroup,
    response: z.object({ grp_id: z.string() }),
    activity: 'Deleted a group',
  }),
  updateStrategy: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/updatestrategy',
    role: 'user',
    summary:
      'Sets whether the group is offered as a group strategy, its visibility (PRIVATE, PUBLIC) and description. Only a broker panel offers strategies (403 otherwise). Failures also carry `msg` (spec §8).',
    request: updateStrategyRequestSchema,
    response: groupSchema,
    withMsg: true,
    activity: 'Changed group strategy settings',
  }),
  getGroupById: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/getgroupbyid',
    role: 'user',
    summary: "One of the caller's groups with its master and counters.",
    request: byGroup,
    response: groupSchema,
  }),
  getGroupBrokers: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/getgroupbrokers',
    role: 'user',
    summary: "The group's child accounts, in the order added, with each account's live status.",
    request: byGroup,
    response: z.array(groupBrokerSchema),
  }),
  addGroupBroker: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/addgroupbroker',
    role: 'user',
    summary: `Adds one of the caller's connected accounts as a child with a multiplier (default 1). 409 if it is already a child; 422 if it is the master, not connected, or the group holds ${MAX_GROUP_CHILDREN}.`,
    request: addGroupBrokerRequestSchema,
    response: groupBrokerSchema,
    activity: 'Added a broker account to a group',
  }),
  updateChildTradingFlag: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/updatechildtradingflag',
    role: 'user',
    summary: "Whether one child takes part in the group's orders.",
    request: z.strictObject({ ...byChild, trading_enabled: z.boolean() }),
    response: groupBrokerSchema,
    activity: 'Changed group account trading flag',
  }),
  updateGroupBroker: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/updategroupbroker',
    role: 'user',
    summary: "Changes a child's quantity multiplier (applies to the group's next orders).",
    request: z.strictObject({ ...byChild, multiplier: multiplierField }),
    response: groupBrokerSchema,
    activity: 'Changed group account multiplier',
  }),
  removeGroupBroker: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/removegroupbroker',
    role: 'user',
    summary: 'Removes a child from the group (the broker account itself stays).',
    request: z.strictObject(byChild),
    response: z.object({ grp_broker_id: z.string(), group_broker_count: count }),
    activity: 'Removed a broker account from a group',
  }),
  getUserOrderInfo: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/getuserorderinfo',
    role: 'user',
    summary: "The caller's copy-trading order counters: of one group (`group_id`), or summed over all their groups.",
    request: z.strictObject({ group_id: groupIdField.optional() }),
    response: groupOrderInfoSchema,
  }),
  getGroups: defineCall({
    group: 'groups',
    method: 'GET',
    path: '/users/groups/getgroups',
    role: 'user',
    summary: "The caller's groups, oldest first, with masters and counters.",
    response: z.array(groupSchema),
  }),
  getGroupNames: defineCall({
    group: 'groups',
    method: 'GET',
    path: '/users/groups/getgroupnames',
    role: 'user',
    summary: "Ids and names of the caller's groups, for pickers.",
    response: z.array(groupNameSchema),
  }),
} as const;

/**
 * Group orders (issue 5, part 2). A group order fans out to the master (when connected and trading) and
 * the trading children: each target's order is an ordinary order (origin `copytrading`) carrying the
 * group, the child and the group order id, counted on the group in the same transaction as its writes.
 */
export const GROUP_ORDER_NOT_FOUND_MESSAGE = 'Group order not found';
export const GROUP_BROKER_TRADING_OFF_MESSAGE = 'Trading is turned off for this account in the group.';
export const CHILD_HAS_PENDING_ORDERS_MESSAGE = 'This account has pending orders in the group. Cancel them or wait until they complete, then remove it.';
export const MASTER_REJECTED_PREFIX = 'Not placed: master order rejected';
export const GROUP_TRADING_OFF_MESSAGE = 'Trading is turned off for this group. Turn it on to place group orders.';
export const GROUP_PLACEMENT_KEY_REUSED_MESSAGE = 'This idempotency key was already used for another group order.';
/**
 * How many targets' orders are in flight at once (group orders, their changes, positions, square-off).
 * A target spends its time waiting on its broker and the table, so many overlap well; each account
 * still waits for its own rate limit (10 orders/s), and the broker host's socket pool bounds the rest.
 */
export const GROUP_FAN_OUT_CONCURRENCY = 128;
/**
 * How many orders a fan-out that places them (a group order, a signal to a group) has in flight at
 * once: twice the reads'. Each order starts with a write-ahead intent, and the order path packs the
 * intents written at the same moment into a few shared transactions, so queuing all of a 200-child
 * fan-out's intents at once sends them in the fewest round trips, instead of the last 72 waiting for
 * the first 128 orders to finish. Each account still waits for its own rate limit.
 */
export const ORDER_FAN_OUT_CONCURRENCY = 2 * GROUP_FAN_OUT_CONCURRENCY;

/** An order of a group: `grp_broker_id` is null for the master's order, `group_order_id` null for a square-off. */
export const groupOrderSchema = linkedOrderSchema.extend({ grp_id: z.string() });
export type GroupOrder = z.infer<typeof groupOrderSchema>;

/**
 * What one target (the master or a child) did with a group order or a change of it: `placed` (an order
 * exists, whatever its status), `changed` (the change reached the broker), or `skipped` with the reason
 * (trading off, not connected, below one lot, master rejected, not pending…).
 */
export const TARGET_OUTCOMES = ['placed', 'changed', 'skipped'] as const;
export const targetOutcomeSchema = z.object({
  role: z.enum(['master', 'child']),
  /** Null for the master. */
  grp_broker_id: z.string().nullable(),
  broker_id: z.string(),
  broker_combined_name: z.string(),
  /** 1 for the master. */
  multiplier: z.number(),
  /** Units the target was asked for; 0 when skipped before any order. */
  quantity: count,
  outcome: z.enum(TARGET_OUTCOMES),
  /** The order's status when there is an order, else null. */
  status: orderStatusSchema.nullable(),
  order_id: z.string().nullable(),
  reason: z.string().nullable(),
  order: groupOrderSchema.nullable(),
});
export type TargetOutcome = z.infer<typeof targetOutcomeSchema>;

/** A group order: the ticket with the master quantity, who placed it when, and every target's outcome (master first). */
export const groupOrderFanOutSchema = z.object({
  group_order_id: z.string(),
  grp_id: z.string(),
  grp_name: z.string(),
  script_id: z.string(),
  exchange: exchangeSchema,
  trading_symbol: z.string(),
  lot_size: z.number().int(),
  transaction_type: actionSchema,
  order_type: orderTypeSchema,
  product: productSchema,
  /** The master quantity in units; each child trades it times its multiplier, in whole lots for F&O. */
  quantity: count,
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
  origin: orderOriginSchema,
  placed_by: z.number().int(),
  /** `placing` while targets are still being sent (a retried request finishes it). */
  state: z.enum(['placing', 'placed']),
  /** True when an earlier request with the same idempotency key placed it. */
  replayed: z.boolean(),
  create_time: z.string(),
  targets: z.array(targetOutcomeSchema),
});
export type GroupOrderFanOut = z.infer<typeof groupOrderFanOutSchema>;

export const groupPlaceOrderRequestSchema = placeOrderRequestSchema.omit({ broker_id: true }).extend({ group_id: groupIdField });
export const groupUpdateOrderRequestSchema = updateOrderRequestSchema.omit({ order_id: true }).extend({ group_id: groupIdField, group_order_id: groupOrderIdField });
export const groupBrokerOrderRequestSchema = updateOrderRequestSchema.extend(byChild);

/** A pending order of one of the caller's groups, with the names a list shows. */
export const pendingGroupOrderSchema = groupOrderSchema.extend({ grp_name: z.string(), broker_combined_name: z.string() });

/** One script and product netted over the group's accounts, master and children (spec §2 `/group/group/{group_id}/positions`). */
export const groupNetPositionSchema = accountPositionSchema.pick({
  script_id: true,
  trading_symbol: true,
  exchange: true,
  product: true,
  net_quantity: true,
  lot_size: true,
  realised_pnl: true,
  unrealised_pnl: true,
}).extend({
  /** How many of the group's accounts, the master included, hold a row in it. */
  accounts: count,
  /** How many of them are children. */
  children: count,
});

/** One account's positions as its broker reports them now, or (positions null) why they could not be read. */
const groupAccountPositionsFields = {
  broker_id: z.string(),
  broker_combined_name: z.string(),
  positions: accountPositionsSchema.nullable(),
  reason: z.string().nullable(),
};

const pnlTotalsSchema = z.object({ realised_pnl: z.number(), unrealised_pnl: z.number(), total_pnl: z.number() });

export const groupPositionsSchema = z.object({
  /** Net per script and product over the master and every child that could be read (group orders are placed on the master too). */
  net: z.array(groupNetPositionSchema),
  totals: pnlTotalsSchema,
  /** The master's own positions; null when the group has no master. */
  master: z.object(groupAccountPositionsFields).nullable(),
  children: z.array(z.object({ grp_broker_id: z.string(), ...groupAccountPositionsFields })),
  read_at: z.string(),
});
export type GroupPositions = z.infer<typeof groupPositionsSchema>;

export const groupSquareOffSchema = z.object({
  children: z.array(
    z.object({
      grp_broker_id: z.string(),
      broker_id: z.string(),
      broker_combined_name: z.string(),
      orders: z.array(groupOrderSchema),
      /** Why this child closed nothing or could not close everything (not connected, broker unreachable…). */
      reason: z.string().nullable(),
    }),
  ),
});
export type GroupSquareOff = z.infer<typeof groupSquareOffSchema>;

/**
 * Contracts of part 2 (registered in `shared/contracts/all.ts` with their routes). The group order
 * calls are the spec's `/users/broker/group/*`; pending orders sit with the other group calls.
 */
export const groupOrderContracts = {
  getGroupPendingOrders: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/groups/getgrouppendingorders',
    role: 'user',
    summary: "The caller's pending group orders (the master's and the children's), of one group or of all groups, newest first, statuses refreshed from the brokers.",
    request: z.strictObject({ group_id: groupIdField.optional(), ...cursorPageRequest }),
    response: cursorPage(pendingGroupOrderSchema),
  }),
  placeOrder: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/broker/group/placeorder',
    role: 'user',
    summary:
      "Places an order on a trading group: first on its master (when connected with trading on; its order is read back), then on every trading child, each trading `quantity` × its multiplier rounded down to whole lots (F&O) or units. A child that trades nothing is listed with the reason; when the master's order is rejected and the group's place-rejected setting is off, the children are not placed. Children answer once their broker accepted (status pending, submission SUBMITTED); their fills show on the next read (pending orders, history). 422 when the group's trading is off. A retried idempotency key answers (and finishes) the first group order.",
    request: groupPlaceOrderRequestSchema,
    response: groupOrderFanOutSchema,
    activity: 'Placed a group order',
  }),
  updateOrder: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/broker/group/updateorder',
    role: 'user',
    summary:
      "Cancels, modifies or converts to MARKET every pending order of a group order, each target's outcome listed; a new `quantity` is the master's, recomputed per child with its multiplier.",
    request: groupUpdateOrderRequestSchema,
    response: groupOrderFanOutSchema,
    activity: 'Changed a group order',
  }),
  updateGroupBrokerOrder: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/broker/group/updategroupbrokerorder',
    role: 'user',
    summary: "Cancels, modifies or converts to MARKET one child's pending order of the group (the order named by `order_id`).",
    request: groupBrokerOrderRequestSchema,
    response: groupOrderSchema,
    activity: 'Changed a group account order',
  }),
  squareOffAll: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/broker/group/squareoffall',
    role: 'user',
    summary:
      "Closes every child's open positions in the scripts the group has traded, one opposite MARKET order each (copy trading's, counted on the group); positions the account holds in other scripts are left alone. A child that fails is reported, not fatal.",
    request: byGroup,
    response: groupSquareOffSchema,
    activity: 'Squared off all group positions',
  }),
  getPositions: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/broker/group/getpositions',
    role: 'user',
    summary: "The master's and each child's positions as their brokers report them now, and their net per script and product with P&L; an account whose broker cannot be read carries the reason instead.",
    request: byGroup,
    response: groupPositionsSchema,
  }),
} as const;
