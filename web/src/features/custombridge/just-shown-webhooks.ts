import { useSyncExternalStore } from 'react';
import type { BridgeWithKey } from '@shared/contracts/bridge';

/**
 * Webhook URLs the server answered during this visit (adding a bridge, resetting its key): the only
 * time the key exists outside the server, which keeps just a hash. Held in memory only — never in
 * storage, the query cache or the URL — so a reload forgets it and the info page offers a reset.
 */
const shown = new Map<string, string>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function rememberWebhook(bridge: Pick<BridgeWithKey, 'bridge_id' | 'webhook_path'>): void {
  shown.set(bridge.bridge_id, bridge.webhook_path);
  changed();
}

export function forgetWebhook(bridgeId: string): void {
  if (shown.delete(bridgeId)) changed();
}

/** For tests: a fresh visit. */
export function forgetAllWebhooks(): void {
  shown.clear();
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The webhook path shown for the bridge during this visit, or null. */
export function useJustShownWebhookPath(bridgeId: string): string | null {
  return useSyncExternalStore(subscribe, () => shown.get(bridgeId) ?? null);
}
