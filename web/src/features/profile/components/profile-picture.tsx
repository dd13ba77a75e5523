import { Avatar } from '@aws-amplify/ui-react';
import { avatarInitial } from '@/entities/profile/profile-display';

interface ProfilePictureProps {
  email: string;
  pictureUrl: string | null;
  size?: 'small' | 'large';
}

/** The picture, or the email's initial on a coloured disc when there is none (spec §2). */
export function ProfilePicture({ email, pictureUrl, size = 'large' }: ProfilePictureProps) {
  if (pictureUrl) return <Avatar src={pictureUrl} alt="Profile picture" size={size} className="profile-picture" />;
  return (
    <Avatar variation="filled" colorTheme="info" size={size} role="img" aria-label="No profile picture" className="profile-picture">
      {avatarInitial(email)}
    </Avatar>
  );
}
