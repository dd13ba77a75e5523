import type { JsonBridge, JsonBridgeWithKey } from '../../shared/contracts/jsonbridge';
import type { JsonBridgeItem } from '../data/jsonbridge-repository';
import { webhookPathOf, type WebhookKey } from './webhook-key';

/** A stored bridge as answered: the connection flag derived from `og_id`, no key material. */
export function toJsonBridge(item: JsonBridgeItem): JsonBridge {
  const { createdAt, updatedAt, ...fields } = item;
  return { ...fields, og_is_connected: item.og_id !== null, created_at: createdAt, updated_at: updatedAt };
}

/** The once-only answer of add and regenerate: the bridge with its new key and webhook path. */
export function toJsonBridgeWithKey(item: JsonBridgeItem, webhookKey: WebhookKey): JsonBridgeWithKey {
  return { ...toJsonBridge(item), webhook_key: webhookKey.key, webhook_path: webhookPathOf(item.json_bridge_id, webhookKey.key) };
}
