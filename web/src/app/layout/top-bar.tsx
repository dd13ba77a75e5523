import { Button, Flex } from '@aws-amplify/ui-react';
import { ProfileMenu } from './profile-menu';

interface TopBarProps {
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ isSidebarOpen, onToggleSidebar }: TopBarProps) {
  return (
    <Flex as="header" className="top-bar" justifyContent="space-between" alignItems="center">
      <Button
        variation="link"
        className="top-bar__toggle"
        aria-label="Toggle sidebar"
        aria-controls="app-sidebar"
        aria-expanded={isSidebarOpen}
        onClick={onToggleSidebar}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="currentColor">
          <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
      </Button>
      <ProfileMenu />
    </Flex>
  );
}
