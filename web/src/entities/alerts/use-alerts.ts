import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { useRealtimeMessages } from '@/entities/realtime/realtime-channel';
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
 * While alerts are on, sounds (and shows) every alert of the realtime channel (a fill or an exit also
 * refreshes the dashboard's figures), and warns before a broker session ends. While they are off, alerts
 * are let pass and no broker account is read. Needs the channel (`RealtimeChannelProvider`) above it.
 */
export function useAlerts(): void {
  const enabled = useAlertsEnabled();
  const queryClient = useQueryClient();
  const { service } = useMemo(alertsOfPage, []);
  useRealtimeMessages((message) => {
    if (!enabled || message.type !== 'alert') return;
    service.handle(message);
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  });
  useSessionWarnings(enabled, service);
}
