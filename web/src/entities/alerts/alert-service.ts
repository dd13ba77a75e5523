import type { AlertMessage } from '@shared/contracts/realtime';
import type { AlertSound } from './alert-sound';
import { alertWords, GOOD_NEWS } from './alert-words';
import type { NotificationApi } from './browser-notifications';

/** Two alerts within this time sound once (an exit's fill and the exit itself arrive together). */
export const SOUND_GAP_MS = 1_500;

export interface AlertService {
  /** Sounds the alert and, when the browser allows it, shows it as a notification. */
  handle(alert: AlertMessage): void;
}

export function createAlertService(deps: { sound: AlertSound; notifications: NotificationApi; nowMs: () => number }): AlertService {
  let lastSoundAt = Number.NEGATIVE_INFINITY;
  return {
    handle(alert) {
      const now = deps.nowMs();
      if (now - lastSoundAt >= SOUND_GAP_MS) {
        lastSoundAt = now;
        deps.sound.play(GOOD_NEWS.has(alert.kind));
      }
      if (deps.notifications.permission !== 'granted') return;
      const { title, body, tag } = alertWords(alert);
      try {
        deps.notifications.show(title, { body, tag });
      } catch {
        // Some browsers (Android Chrome) allow notifications only from a service worker: the sound stays.
      }
    },
  };
}
