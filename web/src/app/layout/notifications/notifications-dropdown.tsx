import { useCallback, useId, useRef, useState } from 'react';
import { SvgIcon } from '@/components/svg-icon';
import { useLatestNotifications } from '@/features/notifications/api/use-latest-notifications';
import { GENERIC_NOTIFICATION_ICON } from '@/features/notifications/components/notification-icon';
import { NotificationsPanel } from './notifications-panel';
import { useDismiss } from './use-dismiss';
import { useMarkShownRead } from './use-mark-shown-read';

/**
 * The bell with the unread count; opening it shows the latest 5 and marks the unread ones among them
 * read. A failed fetch shows no error (spec §8).
 */
export function NotificationsDropdown() {
  const [isOpen, setIsOpen] = useState(false);
  const latest = useLatestNotifications();
  const markShownRead = useMarkShownRead();
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(containerRef, isOpen, close);

  const unreadCount = latest.data?.unread_count ?? 0;
  const toggle = () => {
    if (isOpen) return close();
    setIsOpen(true);
    markShownRead(latest.data?.items ?? []);
  };

  return (
    <div className="notifications-dropdown" ref={containerRef}>
      <button
        type="button"
        className="top-bar__icon-button"
        aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        <SvgIcon path={GENERIC_NOTIFICATION_ICON.path} size={22} />
        {unreadCount > 0 ? (
          <span className="notifications-dropdown__badge" aria-hidden="true">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <NotificationsPanel id={panelId} notifications={latest.data?.items ?? null} isLoading={latest.isLoading} onNavigate={close} />
      ) : null}
    </div>
  );
}
