import type { AutomationSwitchKind } from '../../shared/contracts/automation';
import type { StopOwner, SwitchRef } from '../data/automation/automation-stop-repository';
import { listBridges, setBridgeTrading } from '../data/bridges-repository';
import { listGroups, updateGroupSettings } from '../data/groups/group';
import { listJsonBridges, updateJsonBridge } from '../data/jsonbridge-repository';
import { listOrderGroups, turnPlaceOrderOff } from '../data/ordermanager/order-group';

/**
 * The switches a kill switch turns off (issue 20), through each entity's own repository writes: a custom
 * bridge's trading flag (its order group's place-order flag follows, as on the bridge screen), a JSON
 * bridge's place-order flag, a copy-trading group's trading flag, and every order group's place-order
 * flag. Turning one back on is the entity's own call (the same the bridge, group and order-manager
 * screens use), so no second way of turning a flag on exists.
 */
export interface SwitchState extends SwitchRef {
  readonly isOn: boolean;
}

const switchOf = (kind: AutomationSwitchKind, id: string, name: string, isOn: boolean): SwitchState => ({ kind, id, name, isOn });

/** Every switch of the user with its state now. */
export async function switchesOf(owner: StopOwner): Promise<SwitchState[]> {
  const [custom, json, groups, orderGroups] = await Promise.all([listBridges(owner), listJsonBridges(owner), listGroups(owner), listOrderGroups(owner)]);
  return [
    ...custom.map((bridge) => switchOf('custom_bridge', bridge.bridge_id, bridge.bridge_name, bridge.trading_enabled)),
    ...json.map((bridge) => switchOf('json_bridge', bridge.json_bridge_id, bridge.json_bridge_name, bridge.og_place_order)),
    ...groups.map((group) => switchOf('copy_group', group.grp_id, group.grp_name, group.trading_enabled)),
    ...orderGroups.map((group) => switchOf('order_group', group.og_id, group.og_name, group.og_place_order)),
  ];
}

const refOf = ({ kind, id, name }: SwitchState): SwitchRef => ({ kind, id, name });

/**
 * Turns off every switch of the user that is on; answers the ones this call turned off. Bridges first:
 * a custom bridge turns its own order group off with it, so that group is not listed twice.
 */
export async function turnAllSwitchesOff(owner: StopOwner, now: Date): Promise<SwitchRef[]> {
  const [custom, json, groups] = await Promise.all([listBridges(owner), listJsonBridges(owner), listGroups(owner)]);
  const bridgesOff = await Promise.all([
    ...custom.filter((bridge) => bridge.trading_enabled).map(async (bridge) => ((await setBridgeTrading(owner, bridge, false, now)) ? [switchOf('custom_bridge', bridge.bridge_id, bridge.bridge_name, false)] : [])),
    ...json.filter((bridge) => bridge.og_place_order).map(async (bridge) => ((await updateJsonBridge(owner, bridge.json_bridge_id, { og_place_order: false }, now)) ? [switchOf('json_bridge', bridge.json_bridge_id, bridge.json_bridge_name, false)] : [])),
    ...groups.filter((group) => group.trading_enabled).map(async (group) => ((await updateGroupSettings(owner, group.grp_id, { trading_enabled: false }, now)) ? [switchOf('copy_group', group.grp_id, group.grp_name, false)] : [])),
  ]);
  const orderGroups = (await listOrderGroups(owner)).filter((group) => group.og_place_order);
  // Conditional on the flag being on: a group another request turned off meanwhile is not claimed as this stop's.
  const groupsOff = await Promise.all(orderGroups.map(async (group) => ((await turnPlaceOrderOff(owner, group.og_id, now)) ? [switchOf('order_group', group.og_id, group.og_name, false)] : [])));
  return [...bridgesOff.flat(), ...groupsOff.flat()].map(refOf);
}

const idOf = (ref: Pick<SwitchRef, 'kind' | 'id'>) => `${ref.kind}#${ref.id}`;

/**
 * What a stop remembers: the switches it turned off, plus the ones earlier stops turned off that are
 * still off (the user has not turned them back on yet); switches since deleted are dropped.
 */
export function mergedSwitchesOff(remembered: readonly SwitchRef[], turnedOff: readonly SwitchRef[], now: readonly SwitchState[]): SwitchRef[] {
  const existing = new Map(now.map((state) => [idOf(state), state]));
  const merged = new Map<string, SwitchRef>();
  for (const ref of remembered) if (existing.has(idOf(ref))) merged.set(idOf(ref), ref);
  for (const ref of turnedOff) merged.set(idOf(ref), ref);
  return [...merged.values()];
}

/** The remembered switches as they stand now (deleted ones left out), for the status screen's toggles. */
export function rememberedStates(remembered: readonly SwitchRef[], now: readonly SwitchState[]): SwitchState[] {
  const existing = new Map(now.map((state) => [idOf(state), state]));
  return remembered.flatMap((ref) => {
    const state = existing.get(idOf(ref));
    return state ? [state] : [];
  });
}
