import { deleteBridgeSecurity } from '../data/bridge-security-repository';
import { ulid } from 'ulid';
import { BRIDGE_CHANGED_MESSAGE, BRIDGE_HAS_OPEN_POSITIONS_MESSAGE, BRIDGE_NOT_FOUND_MESSAGE, BRIDGE_ORDER_GROUP_SUFFIX } from '../../shared/contracts/bridge';
import { POSITION_BUSY_MESSAGE } from '../../shared/contracts/ordermanager';
import {
  createBridge,
  deleteBridge,
  getBridge,
  listTriggers,
  rekeyBridge,
  setBridgeTrading,
  updateBridge,
  type BridgeItem,
  type BridgeItemSettings,
  type BridgeOwner,
} from '../data/bridges-repository';
import { deleteOrderGroup, getOrderGroup } from '../data/ordermanager/order-group';
import { listPositions } from '../data/ordermanager/position';
import { newWebhookKey, type WebhookKey } from '../signals/intake/webhook-keys';
import { BusinessRuleError, ConflictError, NotFoundError } from '../platform/errors';

/** The bridge itself (ADR 0008): made with its order group and webhook key, renamed, switched, re-keyed, deleted with its group. */
export interface KeyedBridge {
  readonly bridge: BridgeItem;
  readonly webhookKey: WebhookKey;
}

/** The caller's bridge by id; another user's (or a missing) id is 404, so nobody learns it exists. */
export async function loadOwnedBridge(owner: BridgeOwner, id: string): Promise<BridgeItem> {
  const bridge = await getBridge(owner, id);
  if (!bridge) throw new NotFoundError(BRIDGE_NOT_FOUND_MESSAGE);
  return bridge;
}

/** A conditional write found the bridge, a trigger or a position changed since it was read: a concurrent request got there first. */
export const bridgeChanged = () => new ConflictError(BRIDGE_CHANGED_MESSAGE);

/** The order group a bridge makes for its positions is named after it, cut to the order group name's 50 characters. */
export function orderGroupNameOf(bridgeName: string): string {
  return `${bridgeName.slice(0, 50 - BRIDGE_ORDER_GROUP_SUFFIX.length)}${BRIDGE_ORDER_GROUP_SUFFIX}`;
}

export async function addBridge(owner: BridgeOwner, name: string): Promise<KeyedBridge> {
  const webhookKey = newWebhookKey();
  const bridge = await createBridge(owner, { bridgeId: ulid(), name, keyHash: webhookKey.hash, group: { og_id: ulid(), og_name: orderGroupNameOf(name) } });
  return { bridge, webhookKey };
}

export async function changeBridge(owner: BridgeOwner, id: string, settings: BridgeItemSettings): Promise<BridgeItem> {
  await loadOwnedBridge(owner, id);
  const updated = await updateBridge(owner, id, settings);
  if (!updated) throw bridgeChanged();
  return updated;
}

/** The trading flag and the order group's place-order flag move together. */
export async function setTrading(owner: BridgeOwner, id: string, enabled: boolean): Promise<BridgeItem> {
  const bridge = await loadOwnedBridge(owner, id);
  if (!(await setBridgeTrading(owner, bridge, enabled))) {
    // The bridge is there (just read): its order group was deleted through the order manager.
    if (!(await getOrderGroup(owner, bridge.og_id))) throw new BusinessRuleError("This bridge's order group was deleted. Delete the bridge and add it again.");
    throw bridgeChanged();
  }
  return loadOwnedBridge(owner, id);
}

/** A new key replaces the old one's lookup in the same transaction: the old URL is dead once this answers. */
export async function resetKey(owner: BridgeOwner, id: string): Promise<KeyedBridge> {
  const bridge = await loadOwnedBridge(owner, id);
  const webhookKey = newWebhookKey();
  if (!(await rekeyBridge(owner, bridge, webhookKey.hash))) throw bridgeChanged();
  return { bridge: await loadOwnedBridge(owner, id), webhookKey };
}

/** Deletes the bridge with its triggers, key and order group; refused like deleting an order group while a position is OPEN or busy. */
export async function removeBridge(owner: BridgeOwner, id: string): Promise<void> {
  const bridge = await loadOwnedBridge(owner, id);
  const [triggers, group, positions] = await Promise.all([listTriggers(owner, id), getOrderGroup(owner, bridge.og_id), listPositions(owner, bridge.og_id)]);
  if (positions.some((position) => position.op_status === 'OPEN')) throw new BusinessRuleError(BRIDGE_HAS_OPEN_POSITIONS_MESSAGE);
  if (positions.some((position) => position.in_flight !== null)) throw new BusinessRuleError(POSITION_BUSY_MESSAGE);
  // The group first: a crash after it leaves a bridge whose signals are ignored ("order group deleted"), deleted again by a retry.
  if (group && !(await deleteOrderGroup(owner, group, positions))) throw bridgeChanged();
  if (!(await deleteBridge(owner, bridge, triggers))) throw bridgeChanged();
  await deleteBridgeSecurity(owner, id);
}
