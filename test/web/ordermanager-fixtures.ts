import {
  allPositionsResultSchema,
  orderGroupSchema,
  ordermanagerContracts,
  positionOutcomeSchema,
  type OrderGroup,
  type Position,
  type PositionOutcome,
} from '../../shared/contracts/ordermanager';
import { type AnswerOverrides } from './demat-fixtures';
import { buildPosition } from '../support/builders/position';
import { jsonResponse, successBody } from './support/http';
import { serveTradingApi, TRADING_ACCOUNT } from './trading-fixtures';

/**
 * Fixtures and an in-memory order-manager API for the order manager and JSON bridge screens' tests,
 * on top of the trading API (accounts, script search). Every answer passes the contract's own schema.
 */
export const OG_ID = '01JF00000000000000000G0001';
export const NEW_OG_ID = '01JF00000000000000000G0002';
export const OP_ID = '01JF00000000000000000P0001';
export const OTHER_OP_ID = '01JF00000000000000000P0002';
export const NEW_OP_ID = '01JF00000000000000000P0003';

const ok = (data: unknown) => jsonResponse(successBody(data));

export function omPositionFixture(overrides: Partial<Position> = {}): Position {
  return buildPosition({
    op_id: OP_ID,
    og_id: OG_ID,
    broker_id: TRADING_ACCOUNT.broker_id,
    quantity: 10,
    ltp: 801.25,
    created_at: '2026-03-02T04:00:00.000Z',
    updated_at: '2026-03-02T04:00:00.000Z',
    ...overrides,
  });
}

export const OPEN_POSITION = omPositionFixture({
  op_id: OTHER_OP_ID,
  op_status: 'OPEN',
  trading_symbol: 'SBIN',
  transaction_type: 'SELL',
  entry_avg_price: 810,
  ltp: 801.25,
  pnl: 87.5,
  is_sl: true,
  sl_type: 'POINT',
  sl_value: 5,
  stop_price: 815,
  allowed_actions: ['exit', 'markasexited', 'edit'],
});

/** A group with its derived counts and all-actions worked out from its positions, as the server answers. */
export function orderGroupFixture(overrides: Partial<OrderGroup> = {}): OrderGroup {
  const positions = overrides.position_data ?? [];
  const open = positions.filter((position) => position.op_status === 'OPEN').length;
  const waiting = positions.filter((position) => position.op_status === 'WAITING').length;
  return orderGroupSchema.parse({
    og_id: OG_ID,
    og_name: 'Morning scalps',
    bridge_id: null,
    og_place_order: true,
    group_tgt: 2_000,
    group_sl: 1_000,
    start_time: '09:20:00',
    end_time: '15:10:00',
    position_data: positions,
    total_pnl: positions.reduce((sum, position) => sum + (position.pnl ?? 0), 0),
    open_position_count: open,
    waiting_position_count: waiting,
    can_exit_all: open > 0,
    can_cancel_all: waiting > 0,
    can_execute_all: waiting > 0,
    created_at: '2026-03-01T04:00:00.000Z',
    updated_at: '2026-03-01T04:00:00.000Z',
    ...overrides,
  });
}

export function outcomeFixture(position: Position, overrides: Partial<PositionOutcome> = {}): PositionOutcome {
  return positionOutcomeSchema.parse({ op_id: position.op_id, outcome: 'done', reason: null, order_id: null, position, ...overrides });
}

const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;
const OM = '/api/v4/ordermanager';

/** Signs in and serves the order-manager calls over `groups` (plus the trading API); `overrides` replace any answer. */
export function serveOrderManagerApi(initial: readonly OrderGroup[], overrides: AnswerOverrides = {}) {
  let groups = [...initial];
  const regroup = (ogId: string, change: (positions: Position[]) => Position[]) => {
    groups = groups.map((group) => (group.og_id === ogId ? orderGroupFixture({ ...group, position_data: change(group.position_data) }) : group));
  };
  const answers: AnswerOverrides = {
    [`GET ${OM}/getordergroups`]: () => ok(groups),
    [`POST ${OM}/addordergroup`]: async (request) => {
      const body = ordermanagerContracts.addOrderGroup.request.parse(await bodyOf(request));
      const group = orderGroupFixture({ ...body, og_id: NEW_OG_ID, position_data: [] });
      groups = [...groups, group];
      return ok(group);
    },
    [`POST ${OM}/editordergroup`]: async (request) => {
      const { og_id: ogId, ...settings } = ordermanagerContracts.editOrderGroup.request.parse(await bodyOf(request));
      groups = groups.map((group) => (group.og_id === ogId ? orderGroupFixture({ ...group, ...settings }) : group));
      return ok(groups.find((group) => group.og_id === ogId));
    },
    [`POST ${OM}/deleteordergroup`]: async (request) => {
      const { og_id: ogId } = ordermanagerContracts.deleteOrderGroup.request.parse(await bodyOf(request));
      groups = groups.filter((group) => group.og_id !== ogId);
      return ok({ og_id: ogId });
    },
    [`POST ${OM}/addposition`]: async (request) => {
      const { og_id: ogId, ...fields } = ordermanagerContracts.addPosition.request.parse(await bodyOf(request));
      const position = omPositionFixture({ ...fields, op_id: NEW_OP_ID, og_id: ogId });
      regroup(ogId, (positions) => [...positions, position]);
      return ok(position);
    },
    [`POST ${OM}/enterposition`]: async (request) => {
      const { og_id: ogId, op_id: opId } = ordermanagerContracts.enterPosition.request.parse(await bodyOf(request));
      const known = groups.find((group) => group.og_id === ogId)?.position_data.find((position) => position.op_id === opId) ?? omPositionFixture();
      const entered = omPositionFixture({ ...known, op_status: 'OPEN', entry_avg_price: 801.25, pnl: 0, allowed_actions: ['exit', 'markasexited', 'edit'] });
      regroup(ogId, (positions) => positions.map((position) => (position.op_id === opId ? entered : position)));
      return ok(outcomeFixture(entered, { order_id: '01JF00000000000000000R0001' }));
    },
    [`POST ${OM}/exitallposition`]: async (request) => {
      const { og_id: ogId } = ordermanagerContracts.exitAllPosition.request.parse(await bodyOf(request));
      const open = groups.find((group) => group.og_id === ogId)?.position_data.filter((position) => position.op_status === 'OPEN') ?? [];
      return ok(allPositionsResultSchema.parse({ og_id: ogId, positions: open.map((position) => outcomeFixture(position)) }));
    },
    ...overrides,
  };
  return serveTradingApi({}, answers);
}
