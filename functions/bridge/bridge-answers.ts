import type { Bridge, BridgeTriggers, Trigger } from '../../shared/contracts/bridge';
import type { Position } from '../../shared/contracts/ordermanager';
import type { BridgeItem, BridgeOwner, TriggerItem } from '../data/bridges-repository';
import { countBridgeSignalsSince } from '../data/signals-repository';
import { listPositions } from '../data/ordermanager/position';
import type { PositionItem } from '../data/ordermanager/position-item';
import { lastTradedPrices } from '../market/ltp';
import { positionsShown, toPosition } from '../ordermanager/order-manager-view';
import { figuresOf, startOfToday } from './bridge-figures';
import type { OrderedTriggers } from './bridge-triggers';
import { toBridge, toTrigger } from './bridge-view';
import { targetNames } from './trigger-targets';
import { now as clockNow } from '../platform/clock';

/*
 * What the bridge calls answer, read together: positions priced once per script (as the order manager
 * answers them), figures derived from those, targets named once each.
 */

/** Positions as the order manager answers them, OPEN ones priced at the last traded price. */
async function answered(positions: readonly PositionItem[], now: Date): Promise<Position[]> {
  const open = positions.filter((position) => position.op_status === 'OPEN').map((position) => position.instrument);
  const prices = open.length > 0 ? await lastTradedPrices(open, now) : new Map<string, number>();
  return positions.map((position) => toPosition(position, prices));
}

/** The bridge's positions as listed: every live one and the most recently closed (order-manager-view.ts `positionsShown`). */
export async function bridgePositions(owner: BridgeOwner, bridge: BridgeItem, now = clockNow()): Promise<Position[]> {
  return answered(positionsShown(await listPositions(owner, bridge.og_id)), now);
}

async function withFigures(owner: BridgeOwner, bridge: BridgeItem, positions: readonly Position[], now: Date): Promise<Bridge> {
  return toBridge(bridge, figuresOf(positions, await countBridgeSignalsSince(owner, bridge.bridge_id, startOfToday(now)), now));
}

/** The figures count every position the bridge ever made, not only those listed. */
export async function bridgeAnswer(owner: BridgeOwner, bridge: BridgeItem, now = clockNow()): Promise<Bridge> {
  return withFigures(owner, bridge, await answered(await listPositions(owner, bridge.og_id), now), now);
}

/** Every bridge of the owner: one query for all the owner's order-manager positions, split by group. */
export async function bridgeAnswers(owner: BridgeOwner, bridges: readonly BridgeItem[], now = clockNow()): Promise<Bridge[]> {
  if (bridges.length === 0) return [];
  const ogIds = new Set(bridges.map((bridge) => bridge.og_id));
  const positions = await answered((await listPositions(owner)).filter((position) => ogIds.has(position.og_id)), now);
  return Promise.all(bridges.map((bridge) => withFigures(owner, bridge, positions.filter((position) => position.og_id === bridge.og_id), now)));
}

export async function triggerAnswers(owner: BridgeOwner, triggers: readonly TriggerItem[]): Promise<Trigger[]> {
  const nameOf = await targetNames(owner, triggers);
  return triggers.map((trigger) => toTrigger(trigger, nameOf(trigger.target_kind, trigger.target_id)));
}

export async function triggerAnswer(owner: BridgeOwner, trigger: TriggerItem): Promise<Trigger> {
  const nameOf = await targetNames(owner, [trigger]);
  return toTrigger(trigger, nameOf(trigger.target_kind, trigger.target_id));
}

export async function bridgeTriggersAnswer(owner: BridgeOwner, ordered: OrderedTriggers, now = clockNow()): Promise<BridgeTriggers> {
  const [bridgeData, up, down] = await Promise.all([bridgeAnswer(owner, ordered.bridge, now), triggerAnswers(owner, ordered.up), triggerAnswers(owner, ordered.down)]);
  return { bridge_data: bridgeData, up_triggers: up, down_triggers: down };
}
