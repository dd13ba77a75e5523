import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { AlertMessage } from '@shared/contracts/realtime';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { readValidToken } from '@/lib/auth-storage';
import { openRealtimeSocket } from '@/lib/realtime-socket';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { useAlertsEnabled } from './alert-preference';
import { createAlertService, type AlertService } from './alert-service';
import { browserAudioContext, createAlertSound } from './alert-sound';
import { browserNotifications } from './browser-notifications';
import { useSessionWarnings } from './use-session-warnings';

interface PageAlerts {
  readonly service: AlertService;
  /** Plays the good-news tone (from a click, so the browser lets the page's audio start). */
  readonly preview: () => void;
}

/** One service per page: the audio a click unlocked when alerts were turned on is the one that plays them. */
let pageAlerts: PageAlerts | null = null;

export function alertsOfPage(): PageAlerts {
  if (!pageAlerts) {
    const sound = createAlertSound(browserAudioContext);
    pageAlerts = { service: createAlertService({ sound, notifications: browserNotifications, nowMs: () => Date.now() }), preview: () => sound.play(true) };
  }
  return pageAlerts;
}

/**
 * While alerts are on, listens on the realtime channel and sounds (and shows) every alert (a fill or an
 * exit also refreshes the dashboard's figures), and warns before a broker session ends. Nothing is
 * opened or read while alerts are off.
 */
export function useAlerts(): void {
  const enabled = useAlertsEnabled();
  const queryClient = useQueryClient();
  const { service } = useMemo(alertsOfPage, []);
  useEffect(() => {
    if (!enabled) return undefined;
    const onAlert = (alert: AlertMessage) => {
      service.handle(alert);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    };
    return openRealtimeSocket({
      url: getRuntimeConfig().realtimeUrl,
      token: () => readValidToken(),
      onMessage: (message) => {
        if (message.type === 'alert') onAlert(message);
      },
    });
  }, [enabled, queryClient, service]);
  useSessionWarnings(enabled, service);
}
