import { Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { useState, type ComponentType } from 'react';
import { StopAutomationDialog } from '@/entities/automation/components/stop-automation-dialog';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { profileDisplayName } from '@/entities/profile/profile-display';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { FeatureTogglesDialog } from '@/features/feature-toggles/components/feature-toggles-dialog';
import { ResetPasswordDialog } from '../reset-password/reset-password-dialog';
import { ProfileAvatar } from './profile-avatar';
import { ProfileSupportItems } from './profile-support-items';

interface MenuDialog {
  label: string;
  Dialog: ComponentType<{ onClose: () => void }>;
}

/** The menu's dialogs, in menu order (Log Out follows them). */
const MENU_DIALOGS: readonly MenuDialog[] = [
  { label: 'Features', Dialog: FeatureTogglesDialog },
  { label: 'Reset Password', Dialog: ResetPasswordDialog },
  // The kill switch: in the top bar on wide screens, here on every screen (a phone's top bar has no room for it).
  { label: 'Stop all automation', Dialog: StopAutomationDialog },
];

/** Avatar and name; the menu opens the Features and Reset Password dialogs, links to the organisation's support and pages, or logs out here or on every device (spec §2). */
export function ProfileMenu() {
  const { data: profile } = useUserProfile();
  const logout = useLogout();
  const [openDialog, setOpenDialog] = useState<string | null>(null);
  const name = profile ? profileDisplayName(profile) : '';
  const Dialog = MENU_DIALOGS.find((dialog) => dialog.label === openDialog)?.Dialog;
  return (
    <>
      <Menu
        menuAlign="end"
        trigger={
          <MenuButton variation="link" className="profile-menu__trigger" aria-label="Profile menu">
            <ProfileAvatar email={profile?.email} pictureUrl={profile?.profile_image} />
            <span className="profile-menu__name">{name}</span>
          </MenuButton>
        }
      >
        {MENU_DIALOGS.map(({ label }) => (
          <MenuItem key={label} onClick={() => setOpenDialog(label)}>
            {label}
          </MenuItem>
        ))}
        <ProfileSupportItems />
        <MenuItem onClick={() => void logout()}>Log Out</MenuItem>
        <MenuItem onClick={() => void logout({ allDevices: true })}>Log Out of All Devices</MenuItem>
      </Menu>
      {Dialog ? <Dialog onClose={() => setOpenDialog(null)} /> : null}
    </>
  );
}
