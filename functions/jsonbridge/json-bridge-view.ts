import type { JsonBridge, JsonBridgeWithKey } from '../../shared/contracts/jsonbridge';
import { targetNames } from '../bridge/trigger-targets';
import type { JsonBridgeItem, JsonBridgeOwner } from '../data/jsonbridge-repository';
import type { WebhookKey } from '../signals/intake/webhook-keys';
import { webhookPathOf } from './webhook-key';

/** The current display name of a target: the account's or the group's, '' when it was removed since. */
export type TargetNameOf = (kind: NonNullable<JsonBridgeItem['target_kind']>, id: string) => string;

/** A stored bridge as answered: the connection flag derived from `og_id`, the target with its current name, no key material. */
export function toJsonBridge(item: JsonBridgeItem, nameOf: TargetNameOf): JsonBridge {
  const { createdAt, updatedAt, target_kind: kind, target_id: targetId, key_hash: _keyHash, ...fields } = item;
  const target = kind !== null && targetId !== null ? { target_kind: kind, target_id: targetId, target_name: nameOf(kind, targetId) } : null;
  return { ...fields, og_is_connected: item.og_id !== null, target, created_at: createdAt, updated_at: updatedAt };
}

/** Bridges as answered, each target's name read once. */
export async function jsonBridgeViews(owner: JsonBridgeOwner, items: readonly JsonBridgeItem[]): Promise<JsonBridge[]> {
  const targets = items.flatMap((item) => (item.target_kind !== null && item.target_id !== null ? [{ target_kind: item.target_kind, target_id: item.target_id }] : []));
  const nameOf = await targetNames(owner, targets);
  return items.map((item) => toJsonBridge(item, nameOf));
}

export async function jsonBridgeView(owner: JsonBridgeOwner, item: JsonBridgeItem): Promise<JsonBridge> {
  return (await jsonBridgeViews(owner, [item]))[0] as JsonBridge;
}

/** The once-only answer of add and regenerate: the bridge with its new key and webhook path. */
export async function toJsonBridgeWithKey(owner: JsonBridgeOwner, item: JsonBridgeItem, webhookKey: WebhookKey): Promise<JsonBridgeWithKey> {
  return { ...(await jsonBridgeView(owner, item)), webhook_key: webhookKey.key, webhook_path: webhookPathOf(item.json_bridge_id, webhookKey.key) };
}
