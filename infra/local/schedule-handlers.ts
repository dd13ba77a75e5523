import type { ScheduleName } from '../../shared/config/schedules';

export type ScheduledHandler = (event: { source: string; time: string; 'detail-type': string }) => Promise<unknown>;

/** The handler module of every schedule; the Record type makes a missing one a compile error. */
export const SCHEDULE_HANDLER_MODULES: Record<ScheduleName, () => Promise<{ handler: ScheduledHandler }>> = {
  'realtime-connection-sweeper': () => import('../../functions/workers/realtime-connection-sweeper'),
  'broker-session-expiry': () => import('../../functions/workers/broker-session-expiry'),
  'instrument-master-refresh': () => import('../../functions/workers/instrument-master-refresh'),
  'group-master-mirror': () => import('../../functions/workers/group-master-mirror'),
  'position-monitor': () => import('../../functions/workers/position-monitor'),
  'payment-reconciliation': () => import('../../functions/workers/payment-reconciliation'),
  'ftp-export': () => import('../../functions/workers/ftp-export'),
  'bulk-mail': () => import('../../functions/workers/bulk-mail'),
  'static-ips': () => import('../../functions/workers/static-ips'),
  'strategy-subscriptions': () => import('../../functions/workers/strategy-subscriptions'),
};
