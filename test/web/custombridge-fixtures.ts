import {
  addBridgeTriggerRequestSchema,
  bridgeContracts,
  bridgeSchema,
  bridgeTriggersSchema,
  bridgeWithKeySchema,
  triggerSchema,
  type Bridge,
  type Trigger,
} from '../../shared/contracts/bridge';
import { bridgeSecurityChangeSchema, bridgeSecuritySchema, customBridgeSecurityContracts, type BridgeSecurity } from '../../shared/contracts/bridge-security';
import type { Position } from '../../shared/contracts/ordermanager';
import { buildPosition } from '../support/builders/position';
import type { AnswerOverrides } from './demat-fixtures';
import { ACCOUNT_A, serveGroupsApi } from './groups-fixtures';
import { errorBody, jsonResponse, successBody } from './support/http';

/**
 * Fixtures and an in-memory custom bridge API for the custom bridge screens' tests, on top of the
 * accounts and groups API. Every answer passes the contract's own schema, so the fixtures cannot drift.
 */
export const BRIDGE_ID = '01JF0000000000000000BRG001';
export const OTHER_BRIDGE_ID = '01JF0000000000000000BRG002';
export const NEW_BRIDGE_ID = '01JF0000000000000000BRG003';
export const OG_ID = '01JF00000000000000000OG001';
export const SIGNAL_ID = '01JF0000000000000000SIG001';
export const WEBHOOK_KEY = 'k'.repeat(43);
export const SIGNING_SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const TRIGGER_IDS = ['01JF0000000000000000TRG001', '01JF0000000000000000TRG002', '01JF0000000000000000TRG003', '01JF0000000000000000TRG004'] as const;
export const NEW_TRIGGER_ID = '01JF0000000000000000TRG009';

export function bridgeFixture(overrides: Partial<Bridge> = {}): Bridge {
  return bridgeSchema.parse({
    bridge_id: BRIDGE_ID,
    bridge_name: 'Nifty breakout',
    og_id: OG_ID,
    is_connected: true,
    trading_enabled: true,
    overall_pnl: 1520.5,
    today_pnl: -250,
    today_signal_count: 3,
    open_positions_count: 1,
    up_trigger_count: 3,
    down_trigger_count: 0,
    key_created_at: '2026-03-01T04:00:00.000Z',
    created_at: '2026-03-01T04:00:00.000Z',
    updated_at: '2026-03-01T04:00:00.000Z',
    ...overrides,
  });
}

const SCRIPTS = ['SBIN', 'INFY', 'TCS', 'RELIANCE'] as const;

/** An UP equity trigger on the paper account trading its own script: 1 share MARKET DIRECT, no exits. */
export function triggerFixture(index: number, overrides: Partial<Trigger> = {}): Trigger {
  return triggerSchema.parse({
    trigger_id: TRIGGER_IDS[index],
    bridge_id: BRIDGE_ID,
    direction: 'UP',
    priority: index + 1,
    target_kind: 'account',
    target_id: ACCOUNT_A.broker_id,
    target_name: ACCOUNT_A.broker_combined_name,
    script_type: 'EQUITY',
    option_base: null,
    script_source: 'TRIGGER',
    script: SCRIPTS[index],
    exchange: 'NSE',
    strike_offset: 0,
    option_side: null,
    expiry_type: null,
    expiry_gap: 0,
    transaction_type: null,
    quantity: 1,
    product: 'INTRADAY',
    order_type: 'MARKET',
    price: null,
    trigger_price: null,
    entry_type: 'DIRECT',
    entry_direction: null,
    entry_price: null,
    candle_timeframe: null,
    is_tgt: false,
    tgt_type: null,
    tgt_value: null,
    tgt_direction: null,
    is_sl: false,
    sl_type: null,
    sl_value: null,
    sl_direction: null,
    is_trail_set: false,
    trail_type: null,
    trail_trigger: null,
    trail_gap: null,
    trail_point: null,
    exit_opposite: false,
    created_at: '2026-03-01T05:00:00.000Z',
    updated_at: '2026-03-01T05:00:00.000Z',
    ...overrides,
  });
}

export const THREE_UP_TRIGGERS: readonly Trigger[] = [0, 1, 2].map((index) => triggerFixture(index));

export function bridgePositionFixture(overrides: Partial<Position> = {}): Position {
  return buildPosition({
    og_id: OG_ID,
    op_status: 'OPEN',
    broker_id: ACCOUNT_A.broker_id,
    is_tgt: true,
    tgt_type: 'POINT',
    tgt_value: 10,
    is_sl: true,
    sl_type: 'POINT',
    sl_value: 5,
    entry_avg_price: 801.25,
    target_price: 811.25,
    stop_price: 796.25,
    ltp: 805.5,
    pnl: 4.25,
    allowed_actions: ['exit', 'markasexited', 'edit'],
    created_at: '2026-03-02T05:00:00.000Z',
    updated_at: '2026-03-02T05:00:00.000Z',
    ...overrides,
  });
}

export interface BridgeState {
  bridges?: readonly Bridge[];
  /** Triggers of BRIDGE_ID (the three UP ones unless given). */
  triggers?: readonly Trigger[];
  positions?: Readonly<Record<string, readonly Position[]>>;
  security?: BridgeSecurity;
}

const ok = (data: unknown, result = 'OK') => jsonResponse(successBody(data, result));
const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;
const BRIDGE = '/api/v4/users/bridge';

/** Renumbers each direction from 1 in list order, as the server does after a delete or a reorder. */
function renumbered(triggers: readonly Trigger[]): Trigger[] {
  const next: Trigger[] = [];
  for (const direction of ['UP', 'DOWN'] as const) {
    triggers.filter((trigger) => trigger.direction === direction).forEach((trigger, index) => next.push({ ...trigger, priority: index + 1 }));
  }
  return next;
}

/**
 * Signs in and serves the accounts and groups API plus an in-memory custom bridge API over `state` that
 * answers as the server would; `overrides` replace any answer.
 */
export function serveBridgeApi(state: BridgeState = {}, overrides: AnswerOverrides = {}) {
  let bridges = [...(state.bridges ?? [bridgeFixture()])];
  let triggers = [...(state.triggers ?? THREE_UP_TRIGGERS)];
  let security = state.security ?? bridgeSecuritySchema.parse({ require_signature: false, secret_created_at: null, allowed_ips: [], signal_validity_seconds: 60, retry_window_seconds: 60 });
  const bridgeOf = (bridgeId: string) => bridges.find((bridge) => bridge.bridge_id === bridgeId);
  const notFound = () => jsonResponse(errorBody('Bridge not found', 'NOT_FOUND'), 404);
  const triggersAnswer = (bridgeId: string) => {
    const bridge = bridgeOf(bridgeId);
    if (!bridge) return notFound();
    const own = triggers.filter((trigger) => trigger.bridge_id === bridgeId);
    const up = own.filter((trigger) => trigger.direction === 'UP');
    const down = own.filter((trigger) => trigger.direction === 'DOWN');
    return ok(bridgeTriggersSchema.parse({ bridge_data: { ...bridge, up_trigger_count: up.length, down_trigger_count: down.length }, up_triggers: up, down_triggers: down }));
  };
  const updateBridge = (bridgeId: string, change: Partial<Bridge>) => {
    const bridge = bridgeOf(bridgeId);
    if (!bridge) return notFound();
    const next = bridgeSchema.parse({ ...bridge, ...change });
    bridges = bridges.map((existing) => (existing.bridge_id === bridgeId ? next : existing));
    return ok(next);
  };
  const withKey = (bridge: Bridge) => bridgeWithKeySchema.parse({ ...bridge, webhook_key: WEBHOOK_KEY, webhook_path: `/api/v4/users/bridge/webhook/${WEBHOOK_KEY}` });

  const answers: AnswerOverrides = {
    [`GET ${BRIDGE}/getuserbridge`]: () => ok(bridges),
    [`POST ${BRIDGE}/getbridgetriggers`]: async (request) => triggersAnswer(bridgeContracts.getBridgeTriggers.request.parse(await bodyOf(request)).bridge_id),
    [`POST ${BRIDGE}/adduserbridge`]: async (request) => {
      const { bridge_name } = bridgeContracts.addUserBridge.request.parse(await bodyOf(request));
      const bridge = bridgeFixture({
        bridge_id: NEW_BRIDGE_ID,
        bridge_name,
        is_connected: false,
        overall_pnl: 0,
        today_pnl: 0,
        today_signal_count: 0,
        open_positions_count: 0,
        up_trigger_count: 0,
      });
      bridges = [...bridges, bridge];
      return ok(withKey(bridge));
    },
    [`POST ${BRIDGE}/resetbridgekey`]: async (request) => {
      const { bridge_id } = bridgeContracts.resetBridgeKey.request.parse(await bodyOf(request));
      const bridge = bridgeOf(bridge_id);
      return bridge ? ok(withKey(bridge)) : notFound();
    },
    [`POST ${BRIDGE}/updatebridgename`]: async (request) => {
      const { bridge_id, bridge_name } = bridgeContracts.updateBridgeName.request.parse(await bodyOf(request));
      return updateBridge(bridge_id, { bridge_name });
    },
    [`POST ${BRIDGE}/updatebridgetradingflag`]: async (request) => {
      const { bridge_id, trading_enabled } = bridgeContracts.updateBridgeTradingFlag.request.parse(await bodyOf(request));
      return updateBridge(bridge_id, { trading_enabled });
    },
    [`POST ${BRIDGE}/userbridgeconnection`]: async (request) => updateBridge(bridgeContracts.userBridgeConnection.request.parse(await bodyOf(request)).bridge_id, { is_connected: true }),
    [`POST ${BRIDGE}/userbridgedisconnect`]: async (request) => updateBridge(bridgeContracts.userBridgeDisconnect.request.parse(await bodyOf(request)).bridge_id, { is_connected: false }),
    [`POST ${BRIDGE}/removeuserbridge`]: async (request) => {
      const { bridge_id } = bridgeContracts.removeUserBridge.request.parse(await bodyOf(request));
      bridges = bridges.filter((bridge) => bridge.bridge_id !== bridge_id);
      return ok({ bridge_id });
    },
    [`POST ${BRIDGE}/addbridgetrigger`]: async (request) => {
      const body = addBridgeTriggerRequestSchema.parse(await bodyOf(request));
      const { bridge_id, direction, ...fields } = body;
      const priority = triggers.filter((trigger) => trigger.bridge_id === bridge_id && trigger.direction === direction).length + 1;
      const trigger = triggerFixture(0, { ...fields, trigger_id: NEW_TRIGGER_ID, bridge_id, direction, priority, target_name: ACCOUNT_A.broker_combined_name });
      triggers = [...triggers, trigger];
      return ok(trigger);
    },
    [`POST ${BRIDGE}/updatebridgetrigger`]: async (request) => {
      const { bridge_id: _bridge, trigger_id, ...change } = bridgeContracts.updateBridgeTrigger.request.parse(await bodyOf(request));
      const trigger = triggers.find((existing) => existing.trigger_id === trigger_id);
      if (!trigger) return jsonResponse(errorBody('Trigger not found', 'NOT_FOUND'), 404);
      const next = triggerSchema.parse({ ...trigger, ...change });
      triggers = triggers.map((existing) => (existing.trigger_id === trigger_id ? next : existing));
      return ok(next);
    },
    [`POST ${BRIDGE}/removebridgetrigger`]: async (request) => {
      const { bridge_id, trigger_id } = bridgeContracts.removeBridgeTrigger.request.parse(await bodyOf(request));
      triggers = renumbered(triggers.filter((trigger) => trigger.trigger_id !== trigger_id));
      return triggersAnswer(bridge_id);
    },
    [`POST ${BRIDGE}/updatetriggerspriorities`]: async (request) => {
      const { bridge_id, direction, trigger_ids } = bridgeContracts.updateTriggersPriorities.request.parse(await bodyOf(request));
      const others = triggers.filter((trigger) => trigger.direction !== direction);
      const reordered = trigger_ids.flatMap((id) => triggers.filter((trigger) => trigger.trigger_id === id));
      triggers = renumbered([...reordered, ...others]);
      return triggersAnswer(bridge_id);
    },
    [`POST ${BRIDGE}/placebridgeorder`]: async (request) => {
      bridgeContracts.placeBridgeOrder.request.parse(await bodyOf(request));
      return ok({ signal_id: SIGNAL_ID }, 'Signal queued');
    },
    [`POST ${BRIDGE}/getbridgepositions`]: async (request) => {
      const { bridge_id } = bridgeContracts.getBridgePositions.request.parse(await bodyOf(request));
      return ok(state.positions?.[bridge_id] ?? []);
    },
    [`POST ${BRIDGE}/getbridgesecurity`]: async (request) => {
      customBridgeSecurityContracts.getBridgeSecurity.request.parse(await bodyOf(request));
      return ok(security);
    },
    [`POST ${BRIDGE}/updatebridgesecurity`]: async (request) => {
      const { signing, allowed_ips, signal_validity_seconds, retry_window_seconds } = customBridgeSecurityContracts.updateBridgeSecurity.request.parse(await bodyOf(request));
      const makesSecret = signing === 'rotate' || (signing === 'on' && !security.require_signature);
      const requireSignature = signing === 'keep' ? security.require_signature : signing !== 'off';
      security = bridgeSecuritySchema.parse({
        require_signature: requireSignature,
        secret_created_at: requireSignature ? (makesSecret ? '2026-03-02T06:00:00.000Z' : security.secret_created_at) : null,
        allowed_ips,
        signal_validity_seconds: signal_validity_seconds ?? security.signal_validity_seconds,
        retry_window_seconds: retry_window_seconds ?? security.retry_window_seconds,
      });
      return ok(bridgeSecurityChangeSchema.parse({ ...security, signing_secret: makesSecret ? SIGNING_SECRET : null }));
    },
  };
  return serveGroupsApi({}, { ...answers, ...overrides });
}
