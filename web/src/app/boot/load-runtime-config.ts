import { RUNTIME_CONFIG_PATH, runtimeConfigSchema, type RuntimeConfig } from '@shared/config/runtime-config';
import { fallbackRuntimeConfig } from '@/lib/runtime-config';

/** Reads `/platform/config.json`; when it is missing or invalid the same-origin defaults apply. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return runtimeConfigSchema.parse(await response.json());
  } catch (error) {
    console.warn(`Runtime config unavailable (${String(error)}); using same-origin defaults.`);
    return fallbackRuntimeConfig(window.location);
  }
}
