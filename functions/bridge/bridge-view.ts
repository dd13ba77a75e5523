import { CUSTOM_BRIDGE_WEBHOOK_PATH_PREFIX, type Bridge, type BridgeWithKey, type Trigger } from '../../shared/contracts/bridge';
import { API_BASE_PATH } from '../../shared/domain/constants';
import type { BridgeItem, TriggerItem } from '../data/bridges-repository';
import type { WebhookKey } from '../signals/intake/webhook-keys';
import type { BridgeFigures } from './bridge-figures';

/** A stored bridge as answered: its figures, trigger counts, no key material. */
export function toBridge(item: BridgeItem, figures: BridgeFigures): Bridge {
  const { key_hash: _hash, trigger_counts: counts, createdAt, updatedAt, ...fields } = item;
  return { ...fields, ...figures, up_trigger_count: counts.UP, down_trigger_count: counts.DOWN, created_at: createdAt, updated_at: updatedAt };
}

export function webhookPathOf(key: string): string {
  return `${API_BASE_PATH}${CUSTOM_BRIDGE_WEBHOOK_PATH_PREFIX}/${key}`;
}

/** The once-only answer of add and reset: the bridge with its new key and webhook path. */
export function withWebhookKey(bridge: Bridge, webhookKey: WebhookKey): BridgeWithKey {
  return { ...bridge, webhook_key: webhookKey.key, webhook_path: webhookPathOf(webhookKey.key) };
}

export function toTrigger(item: TriggerItem, targetName: string): Trigger {
  const { createdAt, updatedAt, ...fields } = item;
  return { ...fields, target_name: targetName, created_at: createdAt, updated_at: updatedAt };
}
