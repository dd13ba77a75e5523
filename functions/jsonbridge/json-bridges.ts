import { deleteBridgeSecurity } from '../data/bridge-security-repository';
import { ulid } from 'ulid';
import { JSON_BRIDGE_CHANGED_MESSAGE, JSON_BRIDGE_NOT_FOUND_MESSAGE } from '../../shared/contracts/jsonbridge';
import {
  connectJsonBridge,
  createJsonBridge,
  deleteJsonBridge,
  getJsonBridge,
  listJsonBridges,
  rekeyJsonBridge,
  updateJsonBridge,
  type JsonBridgeItem,
  type JsonBridgeItemSettings,
  type JsonBridgeOwner,
} from '../data/jsonbridge-repository';
import { getOrderGroup } from '../data/ordermanager/order-group';
import { listPositions } from '../data/ordermanager/position';
import type { SignalTargetKind } from '../../shared/contracts/signal-targets';
import { ownedTarget } from '../bridge/trigger-targets';
import type { OrderGroupWithPositions } from '../ordermanager/order-groups';
import { loadOwnedOrderGroup } from '../ordermanager/owned-order-manager';
import { ConflictError, NotFoundError } from '../platform/errors';
import { newWebhookKey, type WebhookKey } from '../signals/intake/webhook-keys';

export interface KeyedJsonBridge {
  readonly bridge: JsonBridgeItem;
  readonly webhookKey: WebhookKey;
}

/** The caller's bridge by id; another user's (or a missing) id is 404, so nobody learns it exists. */
export async function loadOwnedJsonBridge(owner: JsonBridgeOwner, id: string): Promise<JsonBridgeItem> {
  const bridge = await getJsonBridge(owner, id);
  if (!bridge) throw new NotFoundError(JSON_BRIDGE_NOT_FOUND_MESSAGE);
  return bridge;
}

/** A write found the bridge (or its group) gone although it was just read: a concurrent request got there first. */
const changedMeanwhile = () => new ConflictError(JSON_BRIDGE_CHANGED_MESSAGE);

export async function addJsonBridge(owner: JsonBridgeOwner, name: string): Promise<KeyedJsonBridge> {
  const webhookKey = newWebhookKey();
  return { bridge: await createJsonBridge(owner, ulid(), name, webhookKey.hash), webhookKey };
}

export const listOwnJsonBridges = (owner: JsonBridgeOwner): Promise<JsonBridgeItem[]> => listJsonBridges(owner);

export async function changeJsonBridge(owner: JsonBridgeOwner, id: string, settings: JsonBridgeItemSettings): Promise<JsonBridgeItem> {
  await loadOwnedJsonBridge(owner, id);
  const updated = await updateJsonBridge(owner, id, settings);
  if (!updated) throw changedMeanwhile();
  return updated;
}

/** Only the caller's own order group, account or copy-trading group may be connected (404 otherwise, as for the bridge). */
export async function connectToOrderGroup(owner: JsonBridgeOwner, id: string, ogId: string, targetKind: SignalTargetKind, targetId: string): Promise<JsonBridgeItem> {
  await loadOwnedJsonBridge(owner, id);
  await loadOwnedOrderGroup(owner, ogId);
  await ownedTarget(owner, targetKind, targetId);
  if (!(await connectJsonBridge(owner, id, ogId, { kind: targetKind, id: targetId }))) throw changedMeanwhile();
  return loadOwnedJsonBridge(owner, id);
}

export async function disconnectFromOrderGroup(owner: JsonBridgeOwner, id: string): Promise<JsonBridgeItem> {
  await loadOwnedJsonBridge(owner, id);
  const updated = await updateJsonBridge(owner, id, { og_id: null, target_kind: null, target_id: null });
  if (!updated) throw changedMeanwhile();
  return updated;
}

/** A new key replaces the old one's hash in the same transaction that stamps the bridge. */
export async function regenerateKey(owner: JsonBridgeOwner, id: string): Promise<KeyedJsonBridge> {
  await loadOwnedJsonBridge(owner, id);
  const webhookKey = newWebhookKey();
  if (!(await rekeyJsonBridge(owner, id, webhookKey.hash))) throw changedMeanwhile();
  return { bridge: await loadOwnedJsonBridge(owner, id), webhookKey };
}

export async function removeJsonBridge(owner: JsonBridgeOwner, id: string): Promise<void> {
  await loadOwnedJsonBridge(owner, id);
  if (!(await deleteJsonBridge(owner, id))) throw changedMeanwhile();
  await deleteBridgeSecurity(owner, id);
}

/** The connected order group with its positions; null while unconnected or after the group was deleted. */
export async function connectedOrderGroup(owner: JsonBridgeOwner, id: string): Promise<OrderGroupWithPositions | null> {
  const bridge = await loadOwnedJsonBridge(owner, id);
  if (bridge.og_id === null) return null;
  const group = await getOrderGroup(owner, bridge.og_id);
  return group ? { group, positions: await listPositions(owner, bridge.og_id) } : null;
}
