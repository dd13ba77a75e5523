import { SvgIcon } from '@/components/svg-icon';
import type { NOTIFICATION_TYPES } from '@shared/domain/ranges';

type KnownNotificationType = (typeof NOTIFICATION_TYPES)[number];
type IconTone = 'success' | 'danger' | 'warning' | 'neutral';

interface NotificationIconSpec {
  /** Path data on a 24 × 24 grid (Material icons). */
  path: string;
  tone: IconTone;
}

const CHECK_CIRCLE =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
const REMOVE_CIRCLE = 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm5 11H7v-2h10v2z';
const GROUP =
  'M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5c-1.66 0-3 1.34-3 3s1.34 3 3 3zm-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5C6.34 5 5 6.34 5 8s1.34 3 3 3zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5zm8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z';
const CALL_SPLIT = 'M14 4l2.29 2.29-2.88 2.88 1.42 1.42 2.88-2.88L20 10V4zm-4 0H4v6l2.29-2.29 4.71 4.7V20h2v-8.41l-5.29-5.3z';
const BELL =
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z';

/** Spec §3: one icon per known notification type; the top-bar dropdown and the page share this table. */
export const NOTIFICATION_ICONS: Readonly<Record<KnownNotificationType, NotificationIconSpec>> = {
  'Broker Connected': { path: CHECK_CIRCLE, tone: 'success' },
  'Broker Removed': { path: REMOVE_CIRCLE, tone: 'danger' },
  'Group Expired': { path: GROUP, tone: 'warning' },
  'Bridge Expired': { path: CALL_SPLIT, tone: 'warning' },
};

/** Other types get a generic bell. */
export const GENERIC_NOTIFICATION_ICON: NotificationIconSpec = { path: BELL, tone: 'neutral' };

function isKnownType(type: string): type is KnownNotificationType {
  return Object.hasOwn(NOTIFICATION_ICONS, type);
}

export function notificationIconFor(type: string): NotificationIconSpec {
  return isKnownType(type) ? NOTIFICATION_ICONS[type] : GENERIC_NOTIFICATION_ICON;
}

const TONE_COLORS: Readonly<Record<IconTone, string>> = {
  success: 'var(--amplify-colors-green-60)',
  danger: 'var(--amplify-colors-red-60)',
  warning: 'var(--amplify-colors-orange-60)',
  neutral: 'var(--amplify-colors-font-secondary)',
};

interface NotificationIconProps {
  /** The notification's `notify_type`. */
  type: string;
  size?: number;
}

/** The icon of a notification type in its tone; decoration, since the type is written beside it. */
export function NotificationIcon({ type, size = 20 }: NotificationIconProps) {
  const { path, tone } = notificationIconFor(type);
  return (
    <span className="notification-icon" data-notification-icon={isKnownType(type) ? type : 'generic'} style={{ color: TONE_COLORS[tone], display: 'inline-flex' }}>
      <SvgIcon path={path} size={size} />
    </span>
  );
}
