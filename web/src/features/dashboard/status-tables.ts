import type { BrokerStatus, OrderStatus } from '@shared/domain/states';

export interface StatusStyle {
  label: string;
  /** An Amplify colour token, so the chart follows the dark theme. */
  color: string;
}

export const ORDER_STATUS_STYLES: Readonly<Record<OrderStatus, StatusStyle>> = {
  completed: { label: 'Completed', color: 'var(--amplify-colors-green-60)' },
  pending: { label: 'Pending', color: 'var(--amplify-colors-orange-60)' },
  cancelled: { label: 'Cancelled', color: 'var(--amplify-colors-neutral-60)' },
  rejected: { label: 'Rejected', color: 'var(--amplify-colors-red-60)' },
  failed: { label: 'Failed', color: 'var(--amplify-colors-purple-60)' },
};

/** Deleted accounts are gone for the user, so the dashboard counts the other three. */
export const SHOWN_BROKER_STATUSES = ['connected', 'expired', 'available'] as const satisfies readonly BrokerStatus[];

export const BROKER_STATUS_STYLES: Readonly<Record<(typeof SHOWN_BROKER_STATUSES)[number], StatusStyle>> = {
  connected: { label: 'Connected', color: 'var(--amplify-colors-green-60)' },
  expired: { label: 'Expired', color: 'var(--amplify-colors-orange-60)' },
  available: { label: 'Not connected', color: 'var(--amplify-colors-neutral-60)' },
};
