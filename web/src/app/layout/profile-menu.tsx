import { Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useUserProfile } from '../../features/profile/api/use-user-profile';
import { profileDisplayName } from '../../features/profile/profile-display';
import { ProfileAvatar } from './profile-avatar';

/** Avatar and name; the menu offers Log Out (Reset Password joins with its dialog). */
export function ProfileMenu() {
  const { data: profile } = useUserProfile();
  const logout = useLogout();
  const name = profile ? profileDisplayName(profile) : '';
  return (
    <Menu
      menuAlign="end"
      trigger={
        <MenuButton variation="link" className="profile-menu__trigger" aria-label="Profile menu">
          <ProfileAvatar email={profile?.email} pictureUrl={profile?.profile_image} />
          <span className="profile-menu__name">{name}</span>
        </MenuButton>
      }
    >
      <MenuItem onClick={logout}>Log Out</MenuItem>
    </Menu>
  );
}
