import { useSyncExternalStore } from 'react';
import { LOCAL_STORAGE_USER_PREFIX } from '@shared/domain/constants';
import { readUserKey } from '@/lib/auth-storage';

/**
 * Whether alerts (a sound and a browser notification) are on, per user on this browser: the browser's
 * permission to show notifications is per device, so the switch that asks for it is kept beside it, in
 * local storage (the profile has no settings field). Off until the user turns it on.
 */
const CHANGE_EVENT = 'tradebridge:alerts-preference';

export function alertsStorageKey(): string {
  return `${LOCAL_STORAGE_USER_PREFIX}${readUserKey() ?? 'anonymous'}_alerts`;
}

export function readAlertsEnabled(): boolean {
  try {
    return localStorage.getItem(alertsStorageKey()) === 'on';
  } catch {
    return false;
  }
}

export function setAlertsEnabled(enabled: boolean): void {
  try {
    localStorage.setItem(alertsStorageKey(), enabled ? 'on' : 'off');
  } catch {
    // Storage blocked: the choice cannot be kept, and alerts stay off.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The switch's state, following changes made in this tab or another. */
export function useAlertsEnabled(): boolean {
  return useSyncExternalStore(subscribe, readAlertsEnabled, () => false);
}
