import { Flex } from '@aws-amplify/ui-react';
import { AutomationTopBarControl } from '@/entities/automation/components/automation-top-bar-control';
import { SvgIcon } from '@/components/svg-icon';
import { CreditBadge } from './credit-badge';
import { NotificationsDropdown } from './notifications/notifications-dropdown';
import { ProfileMenu } from './profile/profile-menu';

interface TopBarProps {
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
}

const MENU_ICON = 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z';

/** Spec §2: sidebar toggle; the kill switch (issue 20), notifications, credit and the profile menu on the right. */
export function TopBar({ isSidebarOpen, onToggleSidebar }: TopBarProps) {
  return (
    <Flex as="header" className="top-bar" justifyContent="space-between" alignItems="center">
      <button
        type="button"
        className="top-bar__icon-button"
        aria-label="Toggle sidebar"
        aria-controls="app-sidebar"
        aria-expanded={isSidebarOpen}
        onClick={onToggleSidebar}
      >
        <SvgIcon path={MENU_ICON} size={24} />
      </button>
      <Flex className="top-bar__actions" alignItems="center" gap="small">
        <AutomationTopBarControl />
        <NotificationsDropdown />
        <CreditBadge />
        <ProfileMenu />
      </Flex>
    </Flex>
  );
}
