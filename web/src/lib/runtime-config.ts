import type { RuntimeConfig } from '@shared/config/runtime-config';
import { API_BASE_PATH, REALTIME_PATH } from '@shared/domain/constants';

/** What the SPA uses when `config.json` cannot be read: same-origin API and realtime channel, no captcha. */
export function fallbackRuntimeConfig(location: Pick<Location, 'protocol' | 'host'>): RuntimeConfig {
  const socketProtocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    apiBaseUrl: API_BASE_PATH,
    realtimeUrl: `${socketProtocol}//${location.host}${REALTIME_PATH}`,
    captchaSiteKey: '',
    tenant: 'local',
  };
}

let current: RuntimeConfig | null = null;

/** Set once at start-up, before the first render. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current ?? fallbackRuntimeConfig(window.location);
}
