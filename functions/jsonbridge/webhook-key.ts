import { JSON_BRIDGE_WEBHOOK_PATH_PREFIX } from '../../shared/contracts/jsonbridge';
import { API_BASE_PATH } from '../../shared/domain/constants';
import { getWebhookLookup, type WebhookLookup } from '../data/jsonbridge-repository';
import { keyMatches } from '../signals/intake/webhook-keys';

export function webhookPathOf(jsonBridgeId: string, key: string): string {
  return `${API_BASE_PATH}${JSON_BRIDGE_WEBHOOK_PATH_PREFIX}/${jsonBridgeId}/${key}`;
}

/**
 * The bridge a webhook URL names (`{first}` = bridge id, `{second}` = key) in the request's
 * franchise, or null for an unknown bridge or a wrong (or replaced) key: both answer alike.
 */
export async function resolveWebhookBridge(frchId: number, jsonBridgeId: string, presentedKey: string): Promise<WebhookLookup | null> {
  const lookup = await getWebhookLookup(frchId, jsonBridgeId);
  return lookup && keyMatches(lookup.key_hash, presentedKey) ? lookup : null;
}
