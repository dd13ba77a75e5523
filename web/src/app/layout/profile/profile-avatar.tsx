import { Avatar } from '@aws-amplify/ui-react';
import { avatarInitial } from '@/entities/profile/profile-display';

interface ProfileAvatarProps {
  email: string | undefined;
  pictureUrl: string | null | undefined;
}

/** The profile picture, or the email's initial (or A) on a coloured disc (spec §2). */
export function ProfileAvatar({ email, pictureUrl }: ProfileAvatarProps) {
  if (pictureUrl) return <Avatar src={pictureUrl} alt="" size="small" data-testid="avatar-picture" />;
  return (
    <Avatar variation="filled" colorTheme="info" size="small" aria-hidden="true" data-testid="avatar-initial">
      {avatarInitial(email)}
    </Avatar>
  );
}
