import { useQueryClient } from '@tanstack/react-query';
import type { AlertKind } from '@shared/contracts/realtime';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { useRealtimeMessages } from '@/entities/realtime/realtime-channel';
import { orderKeys } from './order-keys';

/** The alerts that say an order's status changed: a fill or a rejection, and an order-manager exit (which is a fill too). */
const ORDER_STATUS_ALERTS: ReadonlySet<AlertKind> = new Set<AlertKind>(['fill', 'rejection', 'target-exit', 'stop-loss-exit']);

/**
 * An order on a live broker answers `pending` as soon as the broker accepted it, and its fill or
 * rejection is recorded a moment later (ADR 0017): the alert that says so is the cue to read every
 * order list, the accounts' books and positions and the dashboard again, so an open screen does not keep showing
 * `pending` until its next poll. Whether alerts sound is the user's choice; this refresh is not.
 * Needs the channel (`RealtimeChannelProvider`) above it.
 */
export function useOrderNews(): void {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (message.type !== 'alert' || !ORDER_STATUS_ALERTS.has(message.kind)) return;
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void queryClient.invalidateQueries({ queryKey: dematKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  });
}
