import type { TriggerDirectionName } from '../../../shared/contracts/bridge';
import { getBridge, listTriggers, type BridgeItem, type TriggerItem } from '../../data/bridges-repository';
import type { ItemSource } from '../../data/item-source';
import { prefetchKeys as keysOf, type ItemKey } from '../../data/prefetch-keys';
import { getOrderGroup } from '../../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../../data/ordermanager/order-manager-keys';
import type { PositionItem } from '../../data/ordermanager/position-item';
import type { SignalSymbol } from '../payloads/incoming-signal';
import type { SignalPayload } from '../queue/signal-message';
import type { OrderPlan } from '../execution/order-plan';
import type { SignalDecision, SignalPlanner } from '../execution/signal-planner';
import type { SignalDirection } from '../signal-direction';
import { resolveInstrument } from '../resolve/resolve-instrument';
import { BRIDGE_TRADING_OFF_REASON } from './signal-ignore-reason';
import { marketSideOf, oppositeOf } from './market-side';
import { scriptsOfTrigger, type PlanRefusal, type ScriptPick } from './signal-symbol-plans';
import { instrumentRequestOf, planFieldsOf, planTargetOf } from './trigger-plan';

/**
 * The custom bridge's half of executing a signal (ADR 0008), from the bridge as it is now: UP runs the up
 * triggers in priority order (after exiting the DOWN side's OPEN positions when any of them has
 * `exit_opposite`), DOWN symmetrically, EXIT / NONE closes every live position and places nothing. A
 * trigger with its own script is one plan (planId = trigger id) in the bridge's order group; one set to
 * the alert's symbols is one plan per symbol the signal names (signal-symbol-plans.ts). A plan whose
 * instrument cannot be found, or a trigger that cannot be planned, is refused alone; the others still run.
 */
export const BRIDGE_GONE_REASON = 'The bridge was deleted';
export const BRIDGE_GROUP_GONE_REASON = "The bridge's order group was deleted";
export const BRIDGE_GROUP_PLACE_ORDER_OFF_REASON = "Placing orders is off for the bridge's order group (turned off, or its target or stop-loss was hit)";
export const NOT_A_DIRECTION_REASON = 'A custom bridge signal must be a direction (UP, DOWN, EXIT or NONE)';
export const noTriggersReason = (direction: TriggerDirectionName) => `The bridge has no ${direction} triggers`;

type Decided = { readonly decision: SignalDecision } | { readonly bridge: BridgeItem };

/** The bridge may place orders now, or why not. */
async function tradingBridge(owner: OrderManagerOwner, bridgeId: string, items: ItemSource): Promise<Decided> {
  const ignore = (reason: string): Decided => ({ decision: { kind: 'ignore', reason } });
  const bridge = await getBridge(owner, bridgeId, items);
  if (!bridge) return ignore(BRIDGE_GONE_REASON);
  if (!bridge.trading_enabled) return ignore(BRIDGE_TRADING_OFF_REASON);
  const group = await getOrderGroup(owner, bridge.og_id, items);
  if (!group) return ignore(BRIDGE_GROUP_GONE_REASON);
  if (!group.og_place_order) return ignore(BRIDGE_GROUP_PLACE_ORDER_OFF_REASON);
  return { bridge };
}

/** EXIT / NONE: every position that is or may become OPEN. */
const isLive = (position: PositionItem) => position.op_status === 'OPEN' || position.op_status === 'WAITING';

const isTriggerDirection = (direction: SignalDirection): direction is TriggerDirectionName => direction === 'UP' || direction === 'DOWN';

type PlanOutcome = { readonly plan: OrderPlan } | { readonly refusal: PlanRefusal };

async function planOf(trigger: TriggerItem, direction: TriggerDirectionName, pick: ScriptPick, now: Date): Promise<PlanOutcome> {
  const resolved = await resolveInstrument(instrumentRequestOf(trigger, direction, pick.script), now);
  if (!resolved.ok) return { refusal: { planId: pick.planId, reason: resolved.reason } };
  return { plan: { planId: pick.planId, target: planTargetOf(trigger), instrument: resolved.instrument, lots: pick.lots, fields: planFieldsOf(trigger, direction) } };
}

/** A trigger's plans for the signal's symbols, in the order named; a symbol that cannot be planned is refused alone. */
async function plansOfTrigger(trigger: TriggerItem, direction: TriggerDirectionName, symbols: readonly SignalSymbol[], now: Date): Promise<PlanOutcome[]> {
  const { picks, refusals } = scriptsOfTrigger(trigger, symbols);
  const planned = await Promise.all(picks.map((pick) => planOf(trigger, direction, pick, now)));
  return [...planned, ...refusals.map((refusal) => ({ refusal }))];
}

/** The bridge and the order group the webhook saw it own (trigger targets are read with the triggers). */
function prefetchKeys({ frch_id: frchId, user_id: userId, bridge_id: bridgeId, hints }: SignalPayload): ItemKey[] {
  const owner = { frchId, userId };
  return [keysOf.customBridge(owner, bridgeId), ...(hints?.og_id ? [keysOf.orderGroup(owner, hints.og_id)] : [])];
}

export const customBridgePlanner: SignalPlanner = {
  bridgeKind: 'custom',
  prefetchKeys,
  async decide(signal, incoming, now, log, items) {
    if (incoming.kind !== 'direction') return { kind: 'reject', reason: NOT_A_DIRECTION_REASON };
    const owner = { frchId: signal.frch_id, userId: signal.user_id };
    const found = await tradingBridge(owner, signal.bridge_id, items);
    if ('decision' in found) return found.decision;
    const { bridge } = found;
    const base = { kind: 'execute', context: { owner, ogId: bridge.og_id, signalId: signal.signal_id } } as const;

    const { direction } = incoming;
    if (!isTriggerDirection(direction)) return { ...base, closeFirst: isLive, plans: [], refusals: [] };

    const triggers = (await listTriggers(owner, bridge.bridge_id))
      .filter((trigger) => trigger.direction === direction)
      .sort((a, b) => a.priority - b.priority || a.trigger_id.localeCompare(b.trigger_id));
    if (triggers.length === 0) return { kind: 'ignore', reason: noTriggersReason(direction) };

    const outcomes = (await Promise.all(triggers.map((trigger) => plansOfTrigger(trigger, direction, incoming.symbols, now)))).flat();
    const plans = outcomes.flatMap((outcome) => ('plan' in outcome ? [outcome.plan] : []));
    const refusals = outcomes.flatMap((outcome) => ('refusal' in outcome ? [outcome.refusal] : []));
    const opposite = oppositeOf(direction);
    const closeFirst = triggers.some((trigger) => trigger.exit_opposite)
      ? (position: PositionItem) => position.op_status === 'OPEN' && marketSideOf(position) === opposite
      : null;
    log.info('custom bridge signal planned', { bridgeId: bridge.bridge_id, signalId: signal.signal_id, direction, plans: plans.length, refusals: refusals.length });
    return { ...base, closeFirst, plans, refusals };
  },
};
