import { NOTIFICATION_TYPES } from '../../../../../shared/domain/ranges';

export type NotificationTone = 'success' | 'error' | 'warning' | 'info';

interface NotificationKind {
  /** What the icon says to a screen reader. */
  label: string;
  tone: NotificationTone;
  /** Icon path data on a 24 × 24 grid. */
  icon: string;
}

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec §3: an icon per notification type. */
const KINDS: Readonly<Record<NotificationType, NotificationKind>> = {
  'Broker Connected': {
    label: 'Broker connected',
    tone: 'success',
    icon: 'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5z',
  },
  'Broker Removed': {
    label: 'Broker removed',
    tone: 'error',
    icon: 'M17 7h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1 0 1.43-.98 2.63-2.31 2.98l1.46 1.46C20.88 15.61 22 13.95 22 12c0-2.76-2.24-5-5-5zm-1 4h-2.19l2 2H16zM2 4.27l3.11 3.11C3.29 8.12 2 9.91 2 12c0 2.76 2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1 0-1.59 1.21-2.9 2.76-3.07L8.73 11H8v2h2.73L13 15.27V17h1.73l4.01 4L20 19.74 3.27 3 2 4.27z',
  },
  'Group Expired': {
    label: 'Group expired',
    tone: 'warning',
    icon: 'M9.31 17l2.44-2.44L14.19 17l1.06-1.06-2.44-2.44 2.44-2.44L14.19 10l-2.44 2.44L9.31 10l-1.06 1.06 2.44 2.44-2.44 2.44L9.31 17zM19 3h-1V1h-2v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm0 16H5V8h14v11z',
  },
  'Bridge Expired': {
    label: 'Bridge expired',
    tone: 'warning',
    icon: 'M6 2v6h.01L6 8.01 10 12l-4 4 .01.01H6V22h12v-5.99h-.01L18 16l-4-4 4-3.99-.01-.01H18V2H6zm10 14.5V20H8v-3.5l4-4 4 4zm-4-5l-4-4V4h8v3.5l-4 4z',
  },
};

const GENERIC_KIND: NotificationKind = {
  label: 'Notification',
  tone: 'info',
  icon: 'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z',
};

/** The icon of a notification type; other types get the generic bell. */
export function notificationKind(type: string): NotificationKind {
  const known = NOTIFICATION_TYPES.find((candidate) => candidate === type);
  return known ? KINDS[known] : GENERIC_KIND;
}

export const BELL_ICON = GENERIC_KIND.icon;
