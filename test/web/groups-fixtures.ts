import type { BrokerAccount } from '../../shared/contracts/broker';
import type { AccountPosition } from '../../shared/contracts/broker-trading';
import {
  groupBrokerSchema,
  groupOrderContracts,
  groupOrderFanOutSchema,
  groupOrderSchema,
  groupPositionsSchema,
  groupsContracts,
  groupSchema,
  pendingGroupOrderSchema,
  type Group,
  type GroupBroker,
  type GroupOrder,
  type GroupOrderFanOut,
  type GroupPositions,
  type TargetOutcome,
} from '../../shared/contracts/groups';
import { orderHistoryContracts } from '../../shared/contracts/orders';
import { childQuantity } from '../../shared/domain/group-quantities';
import { tradedLotSize } from '../../shared/domain/instruments';
import { accountFixture, PAPER_ID, type AnswerOverrides } from './demat-fixtures';
import { errorBody, jsonResponse, successBody } from './support/http';
import { positionsAnswer, serveTradingApi } from './trading-fixtures';
import { NIFTY_CALL } from './watchlist-fixtures';

/**
 * Fixtures and an in-memory copy-trading API for the group screens' tests, on top of the trading API
 * (accounts, scripts, quotes). Every answer passes the contract's own schema, so the fixtures cannot
 * drift from the API.
 */
export const GROUP_ID = '01JE0000000000000000GRP001';
export const OTHER_GROUP_ID = '01JE0000000000000000GRP002';
export const NEW_GROUP_ID = '01JE0000000000000000GRP003';
export const GROUP_ORDER_ID = '01JE0000000000000000GRD001';

/** Three paper accounts (the issue's 1×, 2×, 0.5× children) and one more that is in no group. */
export const ACCOUNT_A = accountFixture({ broker_id: PAPER_ID, broker_combined_name: 'Paper Trading (000PAP1)' });
export const ACCOUNT_B = accountFixture({ broker_id: '01JDZ00000000000000000PAP2', broker_combined_name: 'Paper Trading (000PAP2)' });
export const ACCOUNT_C = accountFixture({ broker_id: '01JDZ00000000000000000PAP3', broker_combined_name: 'Paper Trading (000PAP3)' });
export const ACCOUNT_FREE = accountFixture({ broker_id: '01JDZ00000000000000000PAP4', broker_combined_name: 'Paper Trading (000PAP4)' });
export const ACCOUNT_EXPIRED = accountFixture({ broker_id: '01JDZ00000000000000000PAP5', broker_combined_name: 'Paper Trading (000PAP5)', status: 'expired' });
export const ALL_ACCOUNTS: readonly BrokerAccount[] = [ACCOUNT_A, ACCOUNT_B, ACCOUNT_C, ACCOUNT_FREE, ACCOUNT_EXPIRED];

const CHILD_IDS = ['01JE0000000000000000CHD001', '01JE0000000000000000CHD002', '01JE0000000000000000CHD003', '01JE0000000000000000CHD004'] as const;
const ORDER_IDS = ['01JE0000000000000000RDR001', '01JE0000000000000000RDR002', '01JE0000000000000000RDR003', '01JE0000000000000000RDR004'] as const;

export function groupFixture(overrides: Partial<Group> = {}): Group {
  return groupSchema.parse({
    grp_id: GROUP_ID,
    grp_name: 'Nifty options',
    trading_enabled: true,
    place_rejected: false,
    master: null,
    is_strategy: false,
    visibility: 'PRIVATE',
    strategy_description: '',
    total_orders: 6,
    total_quantity: 1_050,
    completed_quantity: 900,
    failed_quantity: 0,
    rejected_quantity: 75,
    pending_quantity: 75,
    cancelled_quantity: 0,
    group_broker_count: 3,
    strategy_subscriptions_count: 0,
    sub_user_count: 0,
    created_at: '2026-03-01T04:00:00.000Z',
    updated_at: '2026-03-01T04:00:00.000Z',
    ...overrides,
  });
}

export function childFixture(account: BrokerAccount, multiplier: number, index: number, overrides: Partial<GroupBroker> = {}): GroupBroker {
  return groupBrokerSchema.parse({
    broker_id: account.broker_id,
    broker: account.broker,
    broker_combined_name: account.broker_combined_name,
    status: account.status,
    grp_broker_id: CHILD_IDS[index],
    grp_id: GROUP_ID,
    multiplier,
    trading_enabled: true,
    created_at: '2026-03-01T05:00:00.000Z',
    updated_at: '2026-03-01T05:00:00.000Z',
    ...overrides,
  });
}

/** The issue's group: three paper accounts at 1×, 2× and 0.5×. */
export const ISSUE_CHILDREN: readonly GroupBroker[] = [childFixture(ACCOUNT_A, 1, 0), childFixture(ACCOUNT_B, 2, 1), childFixture(ACCOUNT_C, 0.5, 2)];

/** A child's order of a group order (NIFTY call, 75 a lot). */
export function groupOrderFixture(child: GroupBroker | null, overrides: Partial<GroupOrder> = {}): GroupOrder {
  return groupOrderSchema.parse({
    order_id: ORDER_IDS[0],
    broker_id: child?.broker_id ?? PAPER_ID,
    broker: 'paper',
    origin: 'copytrading',
    script_id: NIFTY_CALL.script_id,
    exchange: 'NFO',
    trading_symbol: NIFTY_CALL.trading_symbol,
    lot_size: NIFTY_CALL.lot_size,
    transaction_type: 'BUY',
    order_type: 'LIMIT',
    product: 'INTRADAY',
    quantity: 75,
    price: 150.5,
    trigger_price: null,
    status: 'pending',
    submission: 'SUBMITTED',
    broker_order_id: 'PAPER-1',
    tag: 'TAG00000000000000001',
    reason: null,
    filled_quantity: 0,
    average_price: null,
    create_time: '2026-03-02T05:00:00.000Z',
    update_time: '2026-03-02T05:00:00.000Z',
    grp_id: GROUP_ID,
    grp_broker_id: child?.grp_broker_id ?? null,
    group_order_id: GROUP_ORDER_ID,
    ...overrides,
  });
}

/** One pending group order on the issue's three children: 2 lots at 1×, 4 at 2×, 1 at 0.5×. */
export const PENDING_ORDERS: readonly GroupOrder[] = ISSUE_CHILDREN.map((child, index) =>
  groupOrderFixture(child, { order_id: ORDER_IDS[index], quantity: 150 * child.multiplier, broker_order_id: `PAPER-${index + 1}` }),
);

/** The group's positions: the children's, and the master's first when given (it counts in the net like a child). */
export function groupPositionsFixture(
  children: readonly { child: GroupBroker; positions: readonly AccountPosition[] | null; reason?: string }[],
  master: { broker_id: string; broker_combined_name: string; positions: readonly AccountPosition[] } | null = null,
): GroupPositions {
  const childRows = children.flatMap(({ positions }) => positions ?? []);
  const all = [...(master?.positions ?? []), ...childRows];
  const net = [...new Set(all.map((position) => `${position.script_id}|${position.product}`))].map((key) => {
    const rows = all.filter((position) => `${position.script_id}|${position.product}` === key);
    const [first] = rows;
    return {
      script_id: first?.script_id ?? null,
      trading_symbol: first?.trading_symbol ?? '',
      exchange: first?.exchange ?? null,
      product: first?.product ?? 'INTRADAY',
      net_quantity: rows.reduce((sum, row) => sum + row.net_quantity, 0),
      lot_size: first?.lot_size ?? null,
      realised_pnl: rows.reduce((sum, row) => sum + row.realised_pnl, 0),
      unrealised_pnl: rows.reduce((sum, row) => sum + row.unrealised_pnl, 0),
      accounts: rows.length,
      children: rows.filter((row) => childRows.includes(row)).length,
    };
  });
  const realised = all.reduce((sum, row) => sum + row.realised_pnl, 0);
  const unrealised = all.reduce((sum, row) => sum + row.unrealised_pnl, 0);
  return groupPositionsSchema.parse({
    net,
    totals: { realised_pnl: realised, unrealised_pnl: unrealised, total_pnl: realised + unrealised },
    master: master && { broker_id: master.broker_id, broker_combined_name: master.broker_combined_name, positions: positionsAnswer(master.positions), reason: null },
    children: children.map(({ child, positions, reason }) => ({
      grp_broker_id: child.grp_broker_id,
      broker_id: child.broker_id,
      broker_combined_name: child.broker_combined_name,
      positions: positions === null ? null : positionsAnswer(positions),
      reason: reason ?? null,
    })),
    read_at: '2026-03-02T05:30:00.000Z',
  });
}

export interface GroupsState {
  groups?: readonly Group[];
  /** Children by group id (the issue's three for GROUP_ID unless given). */
  children?: Readonly<Record<string, readonly GroupBroker[]>>;
  accounts?: readonly BrokerAccount[];
  pending?: readonly GroupOrder[];
  history?: readonly GroupOrder[];
  positions?: GroupPositions;
}

const ok = (data: unknown, result = 'OK') => jsonResponse(successBody(data, result));
const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;
const GROUPS = '/api/v4/users/groups';
const GROUP_ORDERS = '/api/v4/users/broker/group';

/** A target's outcome as the server plans it: the same quantity rule, every child trading. */
function plannedTarget(child: GroupBroker, quantity: number, lotSize: number | null, index: number, ticket: { transaction_type: 'BUY' | 'SELL'; order_type: GroupOrder['order_type']; price?: number | null | undefined }): TargetOutcome {
  const share = child.trading_enabled ? childQuantity({ masterQuantity: quantity, multiplier: child.multiplier, lotSize }) : ({ kind: 'none', reason: 'Trading is turned off for this account in the group.' } as const);
  const base = { role: 'child' as const, grp_broker_id: child.grp_broker_id, broker_id: child.broker_id, broker_combined_name: child.broker_combined_name, multiplier: child.multiplier };
  if (share.kind === 'none') return { ...base, quantity: 0, outcome: 'skipped', status: null, order_id: null, reason: share.reason, order: null };
  const completed = ticket.order_type === 'MARKET';
  const order = groupOrderFixture(child, {
    order_id: ORDER_IDS[index],
    quantity: share.quantity,
    transaction_type: ticket.transaction_type,
    order_type: ticket.order_type,
    price: ticket.price ?? null,
    status: completed ? 'completed' : 'pending',
    filled_quantity: completed ? share.quantity : 0,
    average_price: completed ? 212.45 : null,
  });
  return { ...base, quantity: share.quantity, outcome: 'placed', status: order.status, order_id: order.order_id, reason: null, order };
}

/**
 * Signs in and serves the trading API plus an in-memory copy-trading API over `state` that answers as
 * the server would (add, rename, delete, flags, children, group orders); `overrides` replace any answer.
 */
export function serveGroupsApi(state: GroupsState = {}, overrides: AnswerOverrides = {}) {
  let groups = [...(state.groups ?? [groupFixture()])];
  const children = new Map<string, GroupBroker[]>(Object.entries(state.children ?? { [GROUP_ID]: ISSUE_CHILDREN }).map(([id, list]) => [id, [...list]]));
  const accounts = state.accounts ?? ALL_ACCOUNTS;
  const groupOf = (grpId: string) => groups.find((group) => group.grp_id === grpId);
  const notFound = () => jsonResponse(errorBody('Group not found', 'NOT_FOUND'), 404);
  const updateGroup = (grpId: string, change: Partial<Group>) => {
    const group = groupOf(grpId);
    if (!group) return notFound();
    const next = groupSchema.parse({ ...group, ...change });
    groups = groups.map((existing) => (existing.grp_id === grpId ? next : existing));
    return ok(next);
  };
  const updateChild = (grpId: string, grpBrokerId: string, change: Partial<GroupBroker>) => {
    const list = children.get(grpId) ?? [];
    const child = list.find((existing) => existing.grp_broker_id === grpBrokerId);
    if (!child) return jsonResponse(errorBody('Group broker account not found', 'NOT_FOUND'), 404);
    const next = groupBrokerSchema.parse({ ...child, ...change });
    children.set(grpId, list.map((existing) => (existing.grp_broker_id === grpBrokerId ? next : existing)));
    return ok(next);
  };

  const answers: AnswerOverrides = {
    [`GET ${GROUPS}/getgroups`]: () => ok(groups),
    [`GET ${GROUPS}/getgroupnames`]: () => ok(groups.map(({ grp_id, grp_name }) => ({ grp_id, grp_name }))),
    [`POST ${GROUPS}/getgroupbyid`]: async (request) => {
      const { group_id } = groupsContracts.getGroupById.request.parse(await bodyOf(request));
      const group = groupOf(group_id);
      return group ? ok(group) : notFound();
    },
    [`POST ${GROUPS}/getgroupbrokers`]: async (request) => {
      const { group_id } = groupsContracts.getGroupBrokers.request.parse(await bodyOf(request));
      return ok(children.get(group_id) ?? []);
    },
    [`POST ${GROUPS}/addgroup`]: async (request) => {
      const { grp_name } = groupsContracts.addGroup.request.parse(await bodyOf(request));
      const group = groupFixture({ grp_id: NEW_GROUP_ID, grp_name, trading_enabled: false, total_orders: 0, total_quantity: 0, completed_quantity: 0, rejected_quantity: 0, pending_quantity: 0, group_broker_count: 0 });
      groups = [...groups, group];
      return ok(group, 'Group added');
    },
    [`POST ${GROUPS}/updategroupname`]: async (request) => {
      const { group_id, grp_name } = groupsContracts.updateGroupName.request.parse(await bodyOf(request));
      return updateGroup(group_id, { grp_name });
    },
    [`POST ${GROUPS}/updategrouptradingflag`]: async (request) => {
      const { group_id, trading_enabled } = groupsContracts.updateGroupTradingFlag.request.parse(await bodyOf(request));
      return updateGroup(group_id, { trading_enabled });
    },
    [`POST ${GROUPS}/updateplacerejected`]: async (request) => {
      const { group_id, place_rejected } = groupsContracts.updatePlaceRejected.request.parse(await bodyOf(request));
      return updateGroup(group_id, { place_rejected });
    },
    [`POST ${GROUPS}/connectmaster`]: async (request) => {
      const { group_id, broker_id } = groupsContracts.connectMaster.request.parse(await bodyOf(request));
      const account = accounts.find((candidate) => candidate.broker_id === broker_id);
      if (!account) return jsonResponse(errorBody('Broker account not found', 'NOT_FOUND'), 404);
      const { broker, broker_combined_name, status } = account;
      return updateGroup(group_id, { master: { broker_id, broker, broker_combined_name, status, connected_at: '2026-03-02T05:00:00.000Z' } });
    },
    [`POST ${GROUPS}/disconnectmaster`]: async (request) => {
      const { group_id } = groupsContracts.disconnectMaster.request.parse(await bodyOf(request));
      return updateGroup(group_id, { master: null });
    },
    [`POST ${GROUPS}/deletegroup`]: async (request) => {
      const { group_id } = groupsContracts.deleteGroup.request.parse(await bodyOf(request));
      groups = groups.filter((group) => group.grp_id !== group_id);
      return ok({ grp_id: group_id });
    },
    [`POST ${GROUPS}/addgroupbroker`]: async (request) => {
      const { group_id, broker_id, multiplier } = groupsContracts.addGroupBroker.request.parse(await bodyOf(request));
      const account = accounts.find((candidate) => candidate.broker_id === broker_id);
      if (!account) return jsonResponse(errorBody('Broker account not found', 'NOT_FOUND'), 404);
      const list = children.get(group_id) ?? [];
      const child = childFixture(account, multiplier, list.length, { grp_id: group_id });
      children.set(group_id, [...list, child]);
      return ok(child);
    },
    [`POST ${GROUPS}/updategroupbroker`]: async (request) => {
      const { group_id, grp_broker_id, multiplier } = groupsContracts.updateGroupBroker.request.parse(await bodyOf(request));
      return updateChild(group_id, grp_broker_id, { multiplier });
    },
    [`POST ${GROUPS}/updatechildtradingflag`]: async (request) => {
      const { group_id, grp_broker_id, trading_enabled } = groupsContracts.updateChildTradingFlag.request.parse(await bodyOf(request));
      return updateChild(group_id, grp_broker_id, { trading_enabled });
    },
    [`POST ${GROUPS}/removegroupbroker`]: async (request) => {
      const { group_id, grp_broker_id } = groupsContracts.removeGroupBroker.request.parse(await bodyOf(request));
      const list = (children.get(group_id) ?? []).filter((child) => child.grp_broker_id !== grp_broker_id);
      children.set(group_id, list);
      return ok({ grp_broker_id, group_broker_count: list.length });
    },
    [`POST ${GROUPS}/getgrouppendingorders`]: async (request) => {
      const { group_id } = groupOrderContracts.getGroupPendingOrders.request.parse(await bodyOf(request));
      const items = (state.pending ?? [])
        .filter((order) => group_id === undefined || order.grp_id === group_id)
        .map((order) =>
          pendingGroupOrderSchema.parse({
            ...order,
            grp_name: groupOf(order.grp_id)?.grp_name ?? '',
            broker_combined_name: accounts.find((account) => account.broker_id === order.broker_id)?.broker_combined_name ?? order.broker_id,
          }),
        );
      return ok({ items, next_cursor: null });
    },
    [`POST ${GROUP_ORDERS}/placeorder`]: async (request) => {
      const body = groupOrderContracts.placeOrder.request.parse(await bodyOf(request));
      const group = groupOf(body.group_id);
      if (!group) return notFound();
      const targets = (children.get(body.group_id) ?? []).map((child, index) => plannedTarget(child, body.quantity, tradedLotSize(NIFTY_CALL), index, body));
      return ok(fanOutFixture(group, body, targets));
    },
    [`POST ${GROUP_ORDERS}/updateorder`]: async (request) => {
      const body = groupOrderContracts.updateOrder.request.parse(await bodyOf(request));
      const group = groupOf(body.group_id);
      if (!group) return notFound();
      const status = body.action === 'cancel' ? 'cancelled' : body.action === 'converttomarket' ? 'completed' : 'pending';
      const targets = (state.pending ?? [])
        .filter((order) => order.group_order_id === body.group_order_id)
        .map((order): TargetOutcome => {
          const changed = groupOrderSchema.parse({ ...order, status });
          const child = (children.get(body.group_id) ?? []).find((candidate) => candidate.grp_broker_id === order.grp_broker_id);
          return {
            role: order.grp_broker_id === null ? 'master' : 'child',
            grp_broker_id: order.grp_broker_id,
            broker_id: order.broker_id,
            broker_combined_name: child?.broker_combined_name ?? order.broker_id,
            multiplier: child?.multiplier ?? 1,
            quantity: order.quantity,
            outcome: 'changed',
            status,
            order_id: order.order_id,
            reason: null,
            order: changed,
          };
        });
      return ok(fanOutFixture(group, { ...body, script_id: NIFTY_CALL.script_id, transaction_type: 'BUY', order_type: 'LIMIT', product: 'INTRADAY', quantity: 150 }, targets));
    },
    [`POST ${GROUP_ORDERS}/updategroupbrokerorder`]: async (request) => {
      const body = groupOrderContracts.updateGroupBrokerOrder.request.parse(await bodyOf(request));
      const order = (state.pending ?? []).find((candidate) => candidate.order_id === body.order_id);
      if (!order) return jsonResponse(errorBody('Order not found', 'NOT_FOUND'), 404);
      const status = body.action === 'cancel' ? 'cancelled' : body.action === 'converttomarket' ? 'completed' : 'pending';
      return ok(groupOrderSchema.parse({ ...order, status, ...(body.quantity === undefined ? {} : { quantity: body.quantity }) }));
    },
    [`POST ${GROUP_ORDERS}/getpositions`]: () => ok(state.positions ?? groupPositionsFixture([])),
    [`POST ${GROUP_ORDERS}/squareoffall`]: () => {
      const positions = state.positions ?? groupPositionsFixture([]);
      return ok({
        children: positions.children.map((child) => ({
          grp_broker_id: child.grp_broker_id,
          broker_id: child.broker_id,
          broker_combined_name: child.broker_combined_name,
          orders: (child.positions?.positions ?? [])
            .filter((position) => position.net_quantity !== 0)
            .map((position, index) =>
              groupOrderFixture(null, { order_id: ORDER_IDS[index], broker_id: child.broker_id, grp_broker_id: child.grp_broker_id, group_order_id: null, transaction_type: position.net_quantity > 0 ? 'SELL' : 'BUY', order_type: 'MARKET', price: null, quantity: Math.abs(position.net_quantity), status: 'completed' }),
            ),
          reason: child.reason,
        })),
      });
    },
    'POST /api/v4/users/getgrouporderhistory': async (request) => {
      const body = orderHistoryContracts.getGroupOrderHistory.request.parse(await bodyOf(request));
      const items = (state.history ?? []).filter(
        (order) =>
          (body.group_id === undefined || order.grp_id === body.group_id) &&
          (body.group_order_id === undefined || order.group_order_id === body.group_order_id) &&
          (body.broker_id === undefined || order.broker_id === body.broker_id),
      );
      return ok({ items, next_cursor: null });
    },
  };
  return serveTradingApi({ accounts }, { ...answers, ...overrides });
}

function fanOutFixture(
  group: Group,
  ticket: { script_id: string; transaction_type: 'BUY' | 'SELL'; order_type: GroupOrder['order_type']; product: GroupOrder['product']; quantity?: number | undefined; price?: number | null | undefined; trigger_price?: number | null | undefined },
  targets: readonly TargetOutcome[],
): GroupOrderFanOut {
  return groupOrderFanOutSchema.parse({
    group_order_id: GROUP_ORDER_ID,
    grp_id: group.grp_id,
    grp_name: group.grp_name,
    script_id: ticket.script_id,
    exchange: NIFTY_CALL.exchange,
    trading_symbol: NIFTY_CALL.trading_symbol,
    lot_size: NIFTY_CALL.lot_size,
    transaction_type: ticket.transaction_type,
    order_type: ticket.order_type,
    product: ticket.product,
    quantity: ticket.quantity ?? 150,
    price: ticket.price ?? null,
    trigger_price: ticket.trigger_price ?? null,
    origin: 'copytrading',
    placed_by: 7,
    state: 'placed',
    replayed: false,
    create_time: '2026-03-02T05:00:00.000Z',
    targets,
  });
}
