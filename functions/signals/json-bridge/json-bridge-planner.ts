import type { Instrument } from '../../../shared/domain/instruments';
import type { JsonBridgeOrder } from '../../../shared/domain/json-bridge-order';
import type { ItemSource } from '../../data/item-source';
import { getJsonBridge, type JsonBridgeItem } from '../../data/jsonbridge-repository';
import { prefetchKeys as keysOf, type ItemKey } from '../../data/prefetch-keys';
import type { PositionItem } from '../../data/ordermanager/position-item';
import type { SignalItem } from '../../data/signals-repository';
import { jsonBridgeIgnoreReason } from '../../jsonbridge/webhook-ignore-reason';
import type { OrderPlan, PlanTarget } from '../execution/order-plan';
import type { SignalDecision, SignalPlanner } from '../execution/signal-planner';
import type { IncomingSignal } from '../payloads/incoming-signal';
import type { SignalPayload } from '../queue/signal-message';
import { resolveInstrument } from '../resolve/resolve-instrument';
import { instrumentRequestOf } from './order-instrument-request';
import { planFieldsOf } from './order-plan-fields';

/**
 * The JSON bridge's half of executing a signal (ADR 0008): the bridge as it is now (deleted, disconnected
 * or with place-order off → ignored, as at the webhook), its order resolved to one contract and one plan
 * (`order`) on the bridge's target, into its order group.
 * - `exit_on_opposite`: the group's OPEN positions on the same underlying and the other side exit first;
 * - `position_size` 0: the script's OPEN and WAITING positions close, and nothing is placed.
 */
export const JSON_BRIDGE_PLAN_ID = 'order';
export const JSON_BRIDGE_GONE_REASON = 'The Json Bridge was deleted';
export const JSON_BRIDGE_NO_TARGET_REASON = 'The Json Bridge has no account or group to trade on; connect it again';

type Connected = JsonBridgeItem & { og_id: string; target_kind: NonNullable<JsonBridgeItem['target_kind']>; target_id: string };

/** The bridge when it places orders now (connected, trading, with a target), else why it does not. */
function connectedOrReason(bridge: JsonBridgeItem | null): { readonly bridge: Connected } | { readonly reason: string } {
  if (!bridge) return { reason: JSON_BRIDGE_GONE_REASON };
  const reason = jsonBridgeIgnoreReason(bridge);
  if (reason !== null) return { reason };
  const { og_id: ogId, target_kind: kind, target_id: targetId } = bridge;
  if (ogId === null || kind === null || targetId === null) return { reason: JSON_BRIDGE_NO_TARGET_REASON };
  return { bridge: { ...bridge, og_id: ogId, target_kind: kind, target_id: targetId } };
}

function targetOf(bridge: Connected): PlanTarget {
  return bridge.target_kind === 'account' ? { kind: 'account', brokerId: bridge.target_id } : { kind: 'group', groupId: bridge.target_id };
}

const OPPOSITE: Readonly<Record<JsonBridgeOrder['transaction_type'], JsonBridgeOrder['transaction_type']>> = { BUY: 'SELL', SELL: 'BUY' };

/** exit_on_opposite: OPEN positions of the same underlying held the other way. */
function oppositeOf(instrument: Instrument, order: JsonBridgeOrder): (position: PositionItem) => boolean {
  return (position) => position.op_status === 'OPEN' && position.instrument.name === instrument.name && position.transaction_type === OPPOSITE[order.transaction_type];
}

/** position_size 0: every position of the script, named by its trading symbol or its underlying (no contract needs resolving to go flat). */
function ofScript(order: JsonBridgeOrder): (position: PositionItem) => boolean {
  return (position) => position.instrument.trading_symbol === order.script || position.instrument.name === order.script;
}

function contextOf(signal: SignalItem, bridge: Connected) {
  return { owner: { frchId: signal.frch_id, userId: signal.user_id }, ogId: bridge.og_id, signalId: signal.signal_id };
}

async function decideOrder(signal: SignalItem, order: JsonBridgeOrder, bridge: Connected, now: Date): Promise<SignalDecision> {
  const base = { kind: 'execute', context: contextOf(signal, bridge), refusals: [] } as const;
  if (order.position_size === 0) return { ...base, closeFirst: ofScript(order), plans: [] };
  const resolved = await resolveInstrument(instrumentRequestOf(order), now);
  if (!resolved.ok) return { kind: 'reject', reason: resolved.reason };
  const plan: OrderPlan = { planId: JSON_BRIDGE_PLAN_ID, target: targetOf(bridge), instrument: resolved.instrument, lots: order.quantity, fields: planFieldsOf(order) };
  return { ...base, closeFirst: order.exit_on_opposite ? oppositeOf(resolved.instrument, order) : null, plans: [plan] };
}

/** The bridge, and what the webhook saw it connected to: the order group and, for an account target, the account. */
function prefetchKeys({ frch_id: frchId, user_id: userId, bridge_id: bridgeId, hints }: SignalPayload): ItemKey[] {
  const owner = { frchId, userId };
  const keys = [keysOf.jsonBridge(owner, bridgeId)];
  if (hints?.og_id) keys.push(keysOf.orderGroup(owner, hints.og_id));
  if (hints?.target_kind === 'account' && hints.target_id) keys.push(keysOf.brokerAccount(owner, hints.target_id));
  return keys;
}

export const jsonBridgePlanner: SignalPlanner = {
  bridgeKind: 'json',
  prefetchKeys,
  async decide(signal: SignalItem, incoming: IncomingSignal, now: Date, _log, items: ItemSource): Promise<SignalDecision> {
    if (incoming.kind !== 'order') return { kind: 'reject', reason: 'A Json Bridge takes order fields, not a direction' };
    const bridge = connectedOrReason(await getJsonBridge({ frchId: signal.frch_id, userId: signal.user_id }, signal.bridge_id, items));
    if ('reason' in bridge) return { kind: 'ignore', reason: bridge.reason };
    return decideOrder(signal, incoming.order, bridge.bridge, now);
  },
};
