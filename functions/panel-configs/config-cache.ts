import type { ConfigGroup } from '../../shared/contracts/config-groups/config-group';
import { nowMs } from '../platform/clock';

/**
 * What a feature derived from a franchise's config group (e.g. its mail server with the opened password),
 * kept in this process for a short while so a burst of mails does not read and open it every time. A save
 * forgets the group's entries in the process that saved it; other processes see the change within the TTL.
 */
export const CONFIG_CACHE_TTL_MS = 60_000;

const entries = new Map<string, { readonly until: number; readonly value: Promise<unknown> }>();
const keyOf = (frchId: number, group: ConfigGroup) => `${frchId}:${group}`;

/** The cached value of the group for the franchise, or `load()`'s (a failed load is not kept). */
export function cachedConfig<T>(frchId: number, group: ConfigGroup, load: () => Promise<T>): Promise<T> {
  const key = keyOf(frchId, group);
  const hit = entries.get(key);
  const at = nowMs();
  if (hit && hit.until > at) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { until: at + CONFIG_CACHE_TTL_MS, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Drops what was derived from the group (its save changed it). */
export function forgetCachedConfig(frchId: number, group: ConfigGroup): void {
  entries.delete(keyOf(frchId, group));
}
