import type { BrokerStatus } from '@shared/domain/states';

export interface StatusBadgeStyle {
  label: string;
  variation: 'success' | 'warning' | 'error' | 'info';
  /** What the status means for the user, for the badge's title. */
  meaning: string;
}

/** Spec §4 broker statuses as badges. */
export const BROKER_STATUS_BADGES: Readonly<Record<BrokerStatus, StatusBadgeStyle>> = {
  available: { label: 'Available', variation: 'info', meaning: 'Added, not logged in with the broker yet' },
  connected: { label: 'Connected', variation: 'success', meaning: 'Logged in; the session is valid' },
  expired: { label: 'Expired', variation: 'warning', meaning: 'The broker session ended; reconnect to trade' },
  deleted: { label: 'Deleted', variation: 'error', meaning: 'Removed; its secrets are wiped' },
};
